import type { MessageResponse, ResendConfirmation } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/registro/resend-confirmation`: a new confirmation link for a pending sign-up. */
export function resendConfirmation(body: ResendConfirmation): Promise<MessageResponse> {
  return apiRequest('registro/resend-confirmation', { method: 'POST', body, auth: false });
}
