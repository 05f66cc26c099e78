import type { ChangePassword } from '@red-dental/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { renewSessionToken } from '@/lib/session.ts';

/** `PUT /api/user/change-password`: the new token replaces the old one, which the server no longer accepts. */
export async function changePassword(body: ChangePassword): Promise<void> {
  const { token } = await apiRequest<{ token: string }>('user/change-password', { method: 'PUT', body });
  renewSessionToken(token);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
