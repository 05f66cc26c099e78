import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `PUT /api/user/restore-password`: `id` is the token from the mailed link. */
export function restorePassword(body: { id: string; password: string }): Promise<void> {
  return apiRequest('user/restore-password', { method: 'PUT', body, auth: false });
}

export function useRestorePassword() {
  return useMutation({ mutationFn: restorePassword });
}
