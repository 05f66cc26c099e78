import {
  type MessageResponse,
  messageResponseSchema,
  type TokenCodigoImpreso,
  tokenCodigoImpresoSchema,
  tokenStaffSchema,
} from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/afiliados/{id}/token`: the affiliate's phone and a printed code waiting to be used. */
export function useTokenDe(afiliadoId: number) {
  return useQuery({
    queryKey: queryKeys.afiliados.tokenDe(afiliadoId),
    queryFn: ({ signal }) =>
      apiRequest(`afiliados/${afiliadoId}/token`, { signal, schema: tokenStaffSchema }),
  });
}

/** `POST /api/afiliados/{id}/token/codigo`: a printed activation code, shown this once. */
export function useImprimirCodigo(afiliadoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TokenCodigoImpreso> =>
      apiRequest(`afiliados/${afiliadoId}/token/codigo`, {
        method: 'POST',
        schema: tokenCodigoImpresoSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.afiliados.tokenDe(afiliadoId) }),
  });
}

/** `DELETE /api/afiliados/{id}/token`: ends the token on the affiliate's phone. */
export function useRevocarToken(afiliadoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<MessageResponse> =>
      apiRequest(`afiliados/${afiliadoId}/token`, { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.afiliados.tokenDe(afiliadoId) }),
  });
}
