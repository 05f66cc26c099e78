import type { LoginRequest, LoginResponse, SessionUser } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/** `POST /api/user/login`: staff and professionals sign in with e-mail and password. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('user/login', { method: 'POST', body, auth: false });
}

/** Signs in and starts the staff session; resolves to the signed-in user. */
export async function signIn(body: LoginRequest): Promise<SessionUser> {
  const { token, user } = await login(body);
  startSession({ kind: 'staff', token, user });
  return user;
}
