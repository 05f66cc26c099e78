import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/afiliados/confirm-email`: the token comes from the link mailed to the new address. */
export function confirmAfiliadoEmail(token: string): Promise<{ message: string }> {
  return apiRequest('afiliados/confirm-email', { method: 'POST', body: { token }, auth: false });
}

export function useConfirmAfiliadoEmail() {
  return useMutation({ mutationFn: confirmAfiliadoEmail });
}
