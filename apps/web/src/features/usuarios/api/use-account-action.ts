import {
  type Invitacion,
  messageResponseSchema,
  type UserEstado,
  type UserRoles,
} from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * A staff action on an account: its answer says what was done, and the list is
 * read again, with the roles' holder counts.
 */
function useAccountAction<T>(request: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.usuarios.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.roles }),
      ]),
  });
}

/** `POST /api/user/invitaciones`: the invitee gets a link to choose their password. */
export function useInvitar() {
  return useAccountAction((body: Invitacion) =>
    apiRequest('user/invitaciones', {
      method: 'POST',
      body,
      schema: messageResponseSchema.extend({ id: z.number() }),
    }),
  );
}

/** `POST /api/user/invitaciones/{id}/reenviar` */
export function useReenviarInvitacion() {
  return useAccountAction((id: number) =>
    apiRequest(`user/invitaciones/${id}/reenviar`, { method: 'POST', schema: messageResponseSchema }),
  );
}

/** `PUT /api/user/{id}/roles` */
export function useChangeRoles() {
  return useAccountAction(({ id, ...body }: UserRoles & { id: number }) =>
    apiRequest(`user/${id}/roles`, { method: 'PUT', body, schema: messageResponseSchema }),
  );
}

/** `PUT /api/user/{id}/estado`: deactivate (every session ends) or reactivate. */
export function useChangeEstado() {
  return useAccountAction(({ id, ...body }: UserEstado & { id: number }) =>
    apiRequest(`user/${id}/estado`, { method: 'PUT', body, schema: messageResponseSchema }),
  );
}

/** `POST /api/user/{id}/recuperacion` */
export function useSendRecovery() {
  return useAccountAction((id: number) =>
    apiRequest(`user/${id}/recuperacion`, { method: 'POST', schema: messageResponseSchema }),
  );
}
