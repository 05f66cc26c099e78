import type { RecoverPassword } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/user/recover-password`: mails a link to restore the password. */
export function recoverPassword(body: RecoverPassword): Promise<void> {
  return apiRequest('user/recover-password', { method: 'POST', body, auth: false });
}
