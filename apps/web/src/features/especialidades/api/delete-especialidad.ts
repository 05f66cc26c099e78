import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `DELETE /api/especialidades/{id}`: refused (409) while a professional has it. */
export function deleteEspecialidad(id: number): Promise<void> {
  return apiRequest(`especialidades/${id}`, { method: 'DELETE' });
}

export function useDeleteEspecialidad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEspecialidad,
    // Every list of specialties (the profile checklists, the catalogue) is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.especialidades }),
  });
}
