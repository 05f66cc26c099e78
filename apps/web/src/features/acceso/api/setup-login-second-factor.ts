import type { TotpSetup } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/user/login/configurar`: the secret to scan, for a sign-in that must set the app up. */
export function setupLoginSecondFactor(desafio: string): Promise<TotpSetup> {
  return apiRequest('user/login/configurar', { method: 'POST', body: { desafio }, auth: false });
}
