import { type ObraSocial, type ObraSocialInput, obraSocialSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/obra-sociales`: 201 with the new insurer; 409 when the name exists. */
export function createObraSocial(body: ObraSocialInput): Promise<ObraSocial> {
  return apiRequest('obra-sociales', { method: 'POST', body, schema: obraSocialSchema });
}

export function useCreateObraSocial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createObraSocial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.obrasSociales.all }),
  });
}
