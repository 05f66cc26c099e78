import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `DELETE /api/planes/{id}`: with its rules; 409 while an affiliate holds it. */
export function deletePlan(id: number): Promise<unknown> {
  return apiRequest(`planes/${id}`, { method: 'DELETE' });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.planes.all }),
  });
}
