import { messageResponseSchema, type UserEstado } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { useAccountAction } from './use-account-action.ts';

/** `PUT /api/user/{id}/estado`: deactivate (every session ends) or reactivate. */
export function useChangeEstado() {
  return useAccountAction(({ id, ...body }: UserEstado & { id: number }) =>
    apiRequest(`user/${id}/estado`, { method: 'PUT', body, schema: messageResponseSchema }),
  );
}
