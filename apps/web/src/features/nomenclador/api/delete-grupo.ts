import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `DELETE /api/nomenclador/grupos/{id}`: 204. */
export function deleteGrupo(id: number): Promise<void> {
  return apiRequest(`nomenclador/grupos/${id}`, { method: 'DELETE' });
}

export function useDeleteGrupo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGrupo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.nomenclador.all }),
  });
}
