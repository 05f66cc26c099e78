import { messageResponseSchema } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { useAccountAction } from './use-account-action.ts';

/** `POST /api/user/{id}/recuperacion` */
export function useSendRecovery() {
  return useAccountAction((id: number) =>
    apiRequest(`user/${id}/recuperacion`, { method: 'POST', schema: messageResponseSchema }),
  );
}
