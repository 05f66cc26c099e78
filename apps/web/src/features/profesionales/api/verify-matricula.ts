import { type Profesional, profesionalSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/profesionales/{id}/verificar-matricula`: stamps the date and the staff member. */
export function verifyMatricula(id: number): Promise<Profesional> {
  return apiRequest(`profesionales/${id}/verificar-matricula`, { method: 'POST', schema: profesionalSchema });
}

export function useVerifyMatricula() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyMatricula,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.profesionales.detail(saved.id), saved),
  });
}
