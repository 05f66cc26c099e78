import { type Especialidad, type EspecialidadInput, especialidadSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/especialidades`, or `PUT /api/especialidades/{id}` for a new name (409 when taken). */
export function saveEspecialidad({
  id,
  ...body
}: EspecialidadInput & { id?: number }): Promise<Especialidad> {
  return apiRequest(id === undefined ? 'especialidades' : `especialidades/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: especialidadSchema,
  });
}

/** `DELETE /api/especialidades/{id}`: refused (409) while a professional has it. */
export function deleteEspecialidad(id: number): Promise<void> {
  return apiRequest(`especialidades/${id}`, { method: 'DELETE' });
}

/** Every list of specialties (the profile checklists, the catalogue) is read again after a change. */
function useInvalidateEspecialidades() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.especialidades });
}

export function useSaveEspecialidad() {
  const invalidate = useInvalidateEspecialidades();
  return useMutation({ mutationFn: saveEspecialidad, onSuccess: invalidate });
}

export function useDeleteEspecialidad() {
  const invalidate = useInvalidateEspecialidades();
  return useMutation({ mutationFn: deleteEspecialidad, onSuccess: invalidate });
}
