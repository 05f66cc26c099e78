import { type Zona, type ZonaInput, zonaSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `POST /api/zonas`, or `PUT /api/zonas/{id}` to change one; the number is
 * unique (409 'Ya existe una zona con ese número').
 */
export function saveZona({ id, ...body }: ZonaInput & { id?: number }): Promise<Zona> {
  return apiRequest(id === undefined ? 'zonas' : `zonas/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: zonaSchema,
  });
}

export function useSaveZona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveZona,
    onSuccess: (zona) => {
      // The zone is in the list at once, so a select can show it before the list is read again.
      queryClient.setQueryData<Zona[]>(queryKeys.zonas, (list) =>
        list ? [...list.filter((z) => z.id !== zona.id), zona].sort((a, b) => a.numero - b.numero) : list,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.zonas });
    },
  });
}
