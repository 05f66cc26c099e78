import { type Regla, type ReglaInput, reglaSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `POST /api/planes/{planId}/reglas`, or `PUT …/reglas/{id}`; 409 when another
 * version for the same target is in force on one of its days.
 */
export function saveRegla({
  planId,
  id,
  ...body
}: ReglaInput & { planId: number; id?: number }): Promise<Regla> {
  return apiRequest(id === undefined ? `planes/${planId}/reglas` : `planes/${planId}/reglas/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: reglaSchema,
  });
}

export function useSaveRegla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegla,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.planes.all }),
  });
}

/** `DELETE /api/planes/{planId}/reglas/{id}`. */
export function deleteRegla({ planId, id }: { planId: number; id: number }): Promise<unknown> {
  return apiRequest(`planes/${planId}/reglas/${id}`, { method: 'DELETE' });
}

export function useDeleteRegla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegla,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.planes.all }),
  });
}
