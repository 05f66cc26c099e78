import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

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
