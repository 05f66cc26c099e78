import type {
  LoginAnswer,
  LoginRequest,
  LoginResponse,
  LoginSecondStep,
  SessionUser,
} from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/** `POST /api/user/login`: staff and professionals sign in with e-mail and password. */
export function login(body: LoginRequest): Promise<LoginAnswer> {
  return apiRequest('user/login', { method: 'POST', body, auth: false });
}

/** Starts the staff session a completed sign-in hands back, resolving to its user. */
export function startStaffSession({ token, user }: LoginResponse): SessionUser {
  startSession({ kind: 'staff', token, user });
  return user;
}

/**
 * Signs in and starts the staff session, resolving to the signed-in user; or,
 * for an account with two-factor sign-in (or one that must set it up), to the
 * second step the server asks for.
 */
export async function signIn(body: LoginRequest): Promise<SessionUser | LoginSecondStep> {
  const answer = await login(body);
  return 'segundoFactor' in answer ? answer : startStaffSession(answer);
}
