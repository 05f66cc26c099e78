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

export function useSaveEspecialidad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEspecialidad,
    // Every list of specialties (the profile checklists, the catalogue) is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.especialidades }),
  });
}
