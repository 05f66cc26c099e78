import {
  type AutorizacionDecision,
  type AutorizacionFila,
  autorizacionFilaSchema,
  type ColaAutorizacionesQuery,
  type ContextoAuditoria,
  contextoAuditoriaSchema,
  type Paginated,
  paginatedSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const page = paginatedSchema(autorizacionFilaSchema);

/** `GET /api/auditoria-odontologica/cola`: open requests by the clock (or of one state, insurer, dentist, code). */
export function useCola(query: ColaAutorizacionesQuery) {
  return useQuery({
    queryKey: queryKeys.autorizaciones.cola(query),
    queryFn: ({ signal }): Promise<Paginated<AutorizacionFila>> =>
      apiRequest('auditoria-odontologica/cola', { signal, schema: page, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /api/auditoria-odontologica/{id}/contexto`: the affiliate's lines in the network and their
 * answers. Each read is audited on the affiliate: read once per request opened, never again on its own.
 */
export function useContexto(id: number | null) {
  return useQuery({
    queryKey: queryKeys.autorizaciones.contexto(id ?? 0),
    queryFn: ({ signal }): Promise<ContextoAuditoria> =>
      apiRequest(`auditoria-odontologica/${id}/contexto`, { signal, schema: contextoAuditoriaSchema }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** `PUT /api/autorizaciones/{id}`: the auditor's decision. */
export function useDecidir() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...decision }: AutorizacionDecision & { id: number }) =>
      apiRequest<{ message: string }>(`autorizaciones/${id}`, { method: 'PUT', body: decision }),
    // Not awaited: the next request opens at once, while the lists read again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.autorizaciones.all });
      void queryClient.invalidateQueries({ queryKey: ['tablero'] });
    },
  });
}
