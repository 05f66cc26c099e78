import { type Zona, type ZonaInput, zonaSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/zonas`: the number is unique (409 'Ya existe una zona con ese número'). */
export function createZona(body: ZonaInput): Promise<Zona> {
  return apiRequest('zonas', { method: 'POST', body, schema: zonaSchema });
}

export function useCreateZona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createZona,
    onSuccess: (zona) => {
      // The new zone is in the list at once, so a select can show it before the list is read again.
      queryClient.setQueryData<Zona[]>(queryKeys.zonas, (list) =>
        list ? [...list, zona].sort((a, b) => a.numero - b.numero) : list,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.zonas });
    },
  });
}
