import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/user/recover-password`: mails a link to restore the password. */
export function recoverPassword(body: { email: string }): Promise<void> {
  return apiRequest('user/recover-password', { method: 'POST', body, auth: false });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
