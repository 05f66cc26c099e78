import { messageResponseSchema } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { useAccountAction } from './use-account-action.ts';

/** `POST /api/user/invitaciones/{id}/reenviar` */
export function useReenviarInvitacion() {
  return useAccountAction((id: number) =>
    apiRequest(`user/invitaciones/${id}/reenviar`, { method: 'POST', schema: messageResponseSchema }),
  );
}
