import { type AfiliadoFicha, type AfiliadoUpdate, afiliadoFichaSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `PUT /api/afiliados/{id}`: the creation's body, where `obraSocial` may be
 * null ('No asignada'), with e-mail and phone (left out: unchanged). A new
 * e-mail comes back as `emailPendiente` until its owner opens the mailed link.
 */
export function updateAfiliado({ id, ...body }: AfiliadoUpdate & { id: number }): Promise<AfiliadoFicha> {
  return apiRequest(`afiliados/${id}`, { method: 'PUT', body, schema: afiliadoFichaSchema });
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
