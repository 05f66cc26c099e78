import type { LoginCodigo, LoginResponse, SessionUser } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { startStaffSession } from './login.ts';

/** `POST /api/user/login/codigo`: the code of the app (or a recovery code) completes the sign-in. */
export async function signInWithCode(body: LoginCodigo): Promise<SessionUser> {
  return startStaffSession(
    await apiRequest<LoginResponse>('user/login/codigo', { method: 'POST', body, auth: false }),
  );
}
