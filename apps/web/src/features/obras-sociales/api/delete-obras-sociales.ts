import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `DELETE /api/obra-sociales/{id}`: the insurer's affiliates stay, with no insurer. */
export function deleteObraSocial(id: number): Promise<void> {
  return apiRequest(`obra-sociales/${id}`, { method: 'DELETE' });
}

/**
 * Deletes several insurers with one request each, sent in parallel, as the
 * API deletes one at a time. Fails if any of them failed; the others stay deleted.
 */
export async function deleteObrasSociales(ids: readonly number[]): Promise<number> {
  const results = await Promise.allSettled(ids.map(deleteObraSocial));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return ids.length;
}

export function useDeleteObrasSociales() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteObrasSociales,
    // Even a partial failure deleted some: both lists are refreshed either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.obrasSociales.all }),
        // Their affiliates now show 'No asignada'.
        queryClient.invalidateQueries({ queryKey: queryKeys.afiliados.all }),
      ]),
  });
}
