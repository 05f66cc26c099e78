import {
  messageResponseSchema,
  recoveryCodesSchema,
  segundoFactorEstadoSchema,
  totpSetupSchema,
} from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

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

/** `POST /api/user/2fa/activar`: the app's first code; answers the recovery codes, shown once. */
export function useActivarSegundoFactor() {
  return useRefreshing((codigo: string) =>
    apiRequest('user/2fa/activar', { method: 'POST', body: { codigo }, schema: recoveryCodesSchema }),
  );
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
