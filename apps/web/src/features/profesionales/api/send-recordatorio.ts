import {
  type RecordatorioDatos,
  recordatorioDatosSchema,
  recordatorioSentSchema,
} from '@red-dental/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/profesionales/{id}/recordatorio`: staff mail the provider the reminder to confirm their data. */
export function useSendRecordatorio() {
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`profesionales/${id}/recordatorio`, { method: 'POST', schema: recordatorioSentSchema }),
  });
}

/** `GET /api/profesionales/recordatorio/{token}`: the listing the reminder's link shows (no session). */
export function useRecordatorioDatos(token: string) {
  return useQuery({
    queryKey: ['recordatorio', token],
    queryFn: ({ signal }): Promise<RecordatorioDatos> =>
      apiRequest(`profesionales/recordatorio/${encodeURIComponent(token)}`, {
        signal,
        auth: false,
        schema: recordatorioDatosSchema,
      }),
    retry: false,
  });
}

/** `POST /api/profesionales/recordatorio/{token}/confirmar`: 'Mis datos están actualizados', once. */
export function useConfirmRecordatorio(token: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(`profesionales/recordatorio/${encodeURIComponent(token)}/confirmar`, {
        method: 'POST',
        auth: false,
        schema: z.object({ message: z.string() }),
      }),
  });
}
