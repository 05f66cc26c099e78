import { type Afiliado, type AfiliadoUpdate, afiliadoSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `PUT /api/afiliados/{id}`: the creation's body, where `obraSocial` may be null ('No asignada'). */
export function updateAfiliado({ id, ...body }: AfiliadoUpdate & { id: number }): Promise<Afiliado> {
  return apiRequest(`afiliados/${id}`, { method: 'PUT', body, schema: afiliadoSchema });
}

export function useUpdateAfiliado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAfiliado,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.afiliados.all }),
        // Moving an affiliate to another insurer changes both counts.
        queryClient.invalidateQueries({ queryKey: queryKeys.obrasSociales.all }),
      ]),
  });
}
