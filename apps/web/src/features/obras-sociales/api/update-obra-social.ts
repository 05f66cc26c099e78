import { type ObraSocial, type ObraSocialInput, obraSocialSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `PUT /api/obra-sociales/{id}`: the insurer as saved; 409 when another insurer has the name. */
export function updateObraSocial({ id, ...body }: ObraSocialInput & { id: number }): Promise<ObraSocial> {
  return apiRequest(`obra-sociales/${id}`, { method: 'PUT', body, schema: obraSocialSchema });
}

export function useUpdateObraSocial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateObraSocial,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.obrasSociales.all }),
        // Affiliates, professionals and the cartilla show the insurer's name.
        queryClient.invalidateQueries({ queryKey: queryKeys.afiliados.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profesionales.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cartilla }),
      ]),
  });
}
