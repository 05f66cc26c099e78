import { messageResponseSchema, type UserRoles } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { useAccountAction } from './use-account-action.ts';

/** `PUT /api/user/{id}/roles` */
export function useChangeRoles() {
  return useAccountAction(({ id, ...body }: UserRoles & { id: number }) =>
    apiRequest(`user/${id}/roles`, { method: 'PUT', body, schema: messageResponseSchema }),
  );
}
