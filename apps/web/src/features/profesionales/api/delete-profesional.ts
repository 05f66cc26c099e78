import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `DELETE /api/profesionales/{id}`: the professional and its account; its sessions end at once. */
export function deleteProfesional(id: number): Promise<void> {
  return apiRequest(`profesionales/${id}`, { method: 'DELETE' });
}

export function useDeleteProfesional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfesional,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profesionales.all }),
  });
}
