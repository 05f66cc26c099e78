import { type Afiliado, afiliadoSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `DELETE /api/afiliados/{id}` gives the affiliate de baja (the record stays);
 * `POST /api/afiliados/{id}/reactivar` brings them back.
 */
export async function setAfiliadoBaja({ id, baja }: { id: number; baja: boolean }): Promise<Afiliado | null> {
  if (baja) {
    await apiRequest(`afiliados/${id}`, { method: 'DELETE' });
    return null;
  }
  return apiRequest(`afiliados/${id}/reactivar`, { method: 'POST', schema: afiliadoSchema });
}

export function useAfiliadoBaja() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAfiliadoBaja,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.afiliados.all }),
        // Insurers count only their active affiliates.
        queryClient.invalidateQueries({ queryKey: queryKeys.obrasSociales.all }),
      ]),
  });
}
