import type { MessageResponse } from '@red-dental/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/registro/confirm-email`: the token comes from the link mailed at sign-up. */
export function confirmRegistro(token: string): Promise<MessageResponse> {
  return apiRequest('registro/confirm-email', { method: 'POST', body: { token }, auth: false });
}

export function useConfirmRegistro() {
  return useMutation({ mutationFn: confirmRegistro });
}
