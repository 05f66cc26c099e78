import type { MessageResponse } from '@red-dental/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/user/confirm-email`: the token comes from the link mailed to an account's changed address. */
export function confirmEmailCuenta(token: string): Promise<MessageResponse> {
  return apiRequest('user/confirm-email', { method: 'POST', body: { token }, auth: false });
}

export function useConfirmEmailCuenta() {
  return useMutation({ mutationFn: confirmEmailCuenta });
}
