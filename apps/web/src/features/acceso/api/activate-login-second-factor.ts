import type { LoginCodigo, LoginResponse } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { startStaffSession } from './login.ts';

/** `POST /api/user/login/activar`: the app's first code; the recovery codes come back to be shown once. */
export async function activateLoginSecondFactor(body: LoginCodigo) {
  const answer = await apiRequest<LoginResponse & { recoveryCodes: string[] }>('user/login/activar', {
    method: 'POST',
    body,
    auth: false,
  });
  return { recoveryCodes: answer.recoveryCodes, start: () => startStaffSession(answer) };
}
