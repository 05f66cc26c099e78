import {
  messageResponseSchema,
  recoveryCodesSchema,
  segundoFactorEstadoSchema,
  totpSetupSchema,
} from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { clearSecondFactorRequired } from '@/lib/second-factor-required.ts';

/** `GET /api/user/2fa` */
export function useSegundoFactor() {
  return useQuery({
    queryKey: queryKeys.segundoFactor,
    queryFn: ({ signal }) => apiRequest('user/2fa', { signal, schema: segundoFactorEstadoSchema }),
  });
}

/** `POST /api/user/2fa/configurar`: a new secret to scan (on only after its first code). */
export function useConfigurarSegundoFactor() {
  return useMutation({
    mutationFn: () => apiRequest('user/2fa/configurar', { method: 'POST', schema: totpSetupSchema }),
  });
}

function useRefreshing<T, R>(request: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.segundoFactor }),
  });
}

/**
 * `POST /api/user/2fa/activar`: the app's first code and the current password; answers the
 * recovery codes, shown once. The session has proved a second factor from then on.
 */
export function useActivarSegundoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { codigo: string; currentPassword: string }) =>
      apiRequest('user/2fa/activar', { method: 'POST', body, schema: recoveryCodesSchema }),
    onSuccess: () => {
      clearSecondFactorRequired();
      // What the session was refused before, it may read now.
      return queryClient.invalidateQueries();
    },
  });
}

/** `POST /api/user/2fa/desactivar` with the current password. */
export function useDesactivarSegundoFactor() {
  return useRefreshing((currentPassword: string) =>
    apiRequest('user/2fa/desactivar', {
      method: 'POST',
      body: { currentPassword },
      schema: messageResponseSchema,
    }),
  );
}
