import { type Afiliado, type AfiliadoInput, afiliadoSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/afiliados`: 409 when another affiliate has the same document. */
export function createAfiliado(body: AfiliadoInput): Promise<Afiliado> {
  return apiRequest('afiliados', { method: 'POST', body, schema: afiliadoSchema });
}

export function useCreateAfiliado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAfiliado,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.afiliados.all }),
        // The insurers' affiliate counts change too.
        queryClient.invalidateQueries({ queryKey: queryKeys.obrasSociales.all }),
      ]),
  });
}
