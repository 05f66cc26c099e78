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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.zonas }),
  });
}
