import { messageResponseSchema, sesionSchema } from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/user/sesiones`: the caller's open sessions, one per device. */
export function useSesiones() {
  return useQuery({
    queryKey: queryKeys.sesiones,
    queryFn: ({ signal }) => apiRequest('user/sesiones', { signal, schema: z.array(sesionSchema) }),
  });
}

function useSesionAction<T, R>(request: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sesiones }),
  });
}

/** `DELETE /api/user/sesiones/{id}`: that device is signed out. */
export function useCerrarSesion() {
  return useSesionAction((id: string) =>
    apiRequest<void>(`user/sesiones/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

/** `DELETE /api/user/sesiones`: every device but this one is signed out. */
export function useCerrarOtrasSesiones() {
  return useSesionAction(() =>
    apiRequest('user/sesiones', { method: 'DELETE', schema: messageResponseSchema }),
  );
}
