import {
  type ConfirmacionesQuery,
  type ConfirmacionObservada,
  type ConfirmacionRevision,
  confirmacionObservadaSchema,
  type Paginated,
  paginatedSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const page = paginatedSchema(confirmacionObservadaSchema);

/** `GET /api/prestaciones/confirmaciones`: the observed answers, pending (oldest first) or reviewed (newest first). */
export function useConfirmaciones(query: ConfirmacionesQuery) {
  return useQuery({
    queryKey: queryKeys.prestaciones.confirmaciones(query),
    queryFn: ({ signal }): Promise<Paginated<ConfirmacionObservada>> =>
      apiRequest('prestaciones/confirmaciones', { signal, schema: page, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

/** `PUT /api/prestaciones/confirmaciones/{atencionId}`: reviewed with what was found, or back to pending. */
export function useRevisarConfirmacion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ atencionId, ...change }: ConfirmacionRevision & { atencionId: number }) =>
      apiRequest(`prestaciones/confirmaciones/${atencionId}`, { method: 'PUT', body: change }),
    // The queue, the badge's count and the dashboard's figures alike.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['prestaciones', 'confirmaciones'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profesionales.pendientes }),
        queryClient.invalidateQueries({ queryKey: ['tablero'] }),
      ]),
  });
}
