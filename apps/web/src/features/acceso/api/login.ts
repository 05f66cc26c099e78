import type {
  LoginAnswer,
  LoginCodigo,
  LoginRequest,
  LoginResponse,
  LoginSecondStep,
  SessionUser,
  TotpSetup,
} from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/** `POST /api/user/login`: staff and professionals sign in with e-mail and password. */
export function login(body: LoginRequest): Promise<LoginAnswer> {
  return apiRequest('user/login', { method: 'POST', body, auth: false });
}

function start({ token, user }: LoginResponse): SessionUser {
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
  return 'segundoFactor' in answer ? answer : start(answer);
}

/** `POST /api/user/login/codigo`: the code of the app (or a recovery code) completes the sign-in. */
export async function signInWithCode(body: LoginCodigo): Promise<SessionUser> {
  return start(await apiRequest<LoginResponse>('user/login/codigo', { method: 'POST', body, auth: false }));
}

/** `POST /api/user/login/configurar`: the secret to scan, for a sign-in that must set the app up. */
export function setupSecondFactor(desafio: string): Promise<TotpSetup> {
  return apiRequest('user/login/configurar', { method: 'POST', body: { desafio }, auth: false });
}

/** `POST /api/user/login/activar`: the app's first code; the recovery codes come back to be shown once. */
export async function activateSecondFactor(body: LoginCodigo) {
  const answer = await apiRequest<LoginResponse & { recoveryCodes: string[] }>('user/login/activar', {
    method: 'POST',
    body,
    auth: false,
  });
  return { recoveryCodes: answer.recoveryCodes, start: () => start(answer) };
}
