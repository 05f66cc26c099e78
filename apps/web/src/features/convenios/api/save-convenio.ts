import { type Convenio, type ConvenioInput, convenioSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/convenios`, or `PUT /api/convenios/{id}`; one insurer's contracts never overlap (409). */
export function saveConvenio({ id, ...body }: ConvenioInput & { id?: number }): Promise<Convenio> {
  return apiRequest(id === undefined ? 'convenios' : `convenios/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: convenioSchema,
  });
}

export function useSaveConvenio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConvenio,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.convenios.all }),
  });
}
