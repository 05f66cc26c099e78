import type { MessageResponse } from '@red-dental/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/afiliados/profile/token/enlace`: mails the link that enrols the phone it is opened on. */
export function useEnviarEnlace() {
  return useMutation({
    mutationFn: () => apiRequest<MessageResponse>('afiliados/profile/token/enlace', { method: 'POST' }),
  });
}
