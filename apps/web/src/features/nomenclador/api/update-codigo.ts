import { type CodigoInput, type CodigoPrestacion, codigoPrestacionSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `PUT /api/nomenclador/{id}`: what the code is (its name, norm, area, faces, dentition, units). */
export function updateCodigo({ id, ...body }: CodigoInput & { id: number }): Promise<CodigoPrestacion> {
  return apiRequest(`nomenclador/${id}`, { method: 'PUT', body, schema: codigoPrestacionSchema });
}

export function useUpdateCodigo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCodigo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.nomenclador.all }),
  });
}
