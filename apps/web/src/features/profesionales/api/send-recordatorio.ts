import { recordatorioSentSchema } from '@red-dental/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/profesionales/{id}/recordatorio`: staff mail the provider the reminder to confirm their data. */
export function useSendRecordatorio() {
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`profesionales/${id}/recordatorio`, { method: 'POST', schema: recordatorioSentSchema }),
  });
}
