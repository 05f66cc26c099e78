import {
  type ChangePassword,
  ERROR_CODES,
  hasPermission,
  type LoginRequest,
  MESSAGES,
  PERMISSIONS,
  type RestorePassword,
  type SessionUser,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import * as profesionales from '../profesionales/profesionales.repository.ts';
import { passwordChangedMail, passwordRecoveryMail } from './usuarios.mails.ts';
import * as usuarios from './usuarios.repository.ts';

export const RECOVERY_TOKEN_TTL_MINUTES = 60;

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'mail' | 'signUserToken' | 'accountFailures'>;

/** The signed-in user as login and /user/me answer it: e-mail, professional's name, roles with permissions. */
export async function buildSessionUser(
  deps: Pick<Deps, 'db'>,
  user: { id: number; email: string },
): Promise<SessionUser> {
  const [roles, professionalName] = await Promise.all([
    usuarios.findRolesOfUsers(deps.db, [user.id]),
    profesionales.findNombreByUserId(deps.db, user.id),
  ]);
  return { id: user.id, user: user.email, professionalName, roles: roles.get(user.id) ?? [] };
}

export async function login(deps: Deps, input: LoginRequest) {
  const email = input.user.trim().toLowerCase();
  await deps.accountFailures.consumeAttempt('login', email);
  const user = await usuarios.findUserByEmail(deps.db, email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.pass)
    : await verifyAgainstDummy(input.pass);
  if (!user || !ok) throw unauthorized(MESSAGES.LOGIN_FAILED);
  await deps.accountFailures.reset('login', email);
  // Only now, with the password proven, may the caller learn about the account's state.
  if (user.status === 'pending') throw forbidden(MESSAGES.LOGIN_PENDING);
  const sessionUser = await buildSessionUser(deps, user);
  const held = sessionUser.roles.flatMap((role) => role.permissions.map((p) => p.name));
  if (!hasPermission(held, PERMISSIONS.BACKOFFICE_ACCESS)) throw forbidden(MESSAGES.LOGIN_NO_ACCESS);
  return { user: sessionUser, token: await deps.signUserToken(user) };
}

/**
 * Mails a single-use link valid one hour. A new request replaces any earlier
 * link. Every request counts against the account's limit, so nobody can
 * flood a mailbox.
 */
export async function requestPasswordRecovery(deps: Deps, email: string) {
  await deps.accountFailures.consumeAttempt('recover', email);
  const user = await usuarios.findUserByEmail(deps.db, email);
  if (!user) throw notFound(MESSAGES.RECOVER_UNKNOWN_EMAIL);
  const token = randomToken();
  await deps.db.transaction(async (tx) => {
    await usuarios.replaceRecoveryToken(tx, user.id, sha256(token), RECOVERY_TOKEN_TTL_MINUTES);
    await deps.mail.enqueue(
      tx,
      passwordRecoveryMail(user.email, `${deps.config.publicUrl}/recover-password/${token}`),
    );
  });
  deps.mail.wake();
}

export async function restorePassword(deps: Deps, input: RestorePassword) {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const userId = await usuarios.consumeRecoveryToken(tx, sha256(input.id));
    if (userId === undefined)
      throw new AppError(400, MESSAGES.RESTORE_TOKEN_INVALID, ERROR_CODES.INVALID_TOKEN);
    const user = await usuarios.updateUser(tx, userId, { passwordHash }, { revokeTokens: true });
    await deps.mail.enqueue(tx, passwordChangedMail(user!.email, `${deps.config.publicUrl}/login`));
  });
  deps.mail.wake();
}

/**
 * Changes the caller's own password. The current one is required, so a
 * stolen session is not enough to take the account; its attempts count
 * against the same limit as sign-in. Other sessions end (the token version
 * moves) and the caller gets a new token.
 */
export async function changeOwnPassword(deps: Deps, userId: number, input: ChangePassword) {
  const current = await usuarios.findUserById(deps.db, userId);
  if (!current) throw unauthorized(MESSAGES.SESSION_EXPIRED);
  await deps.accountFailures.consumeAttempt('login', current.email);
  if (!(await verifyPassword(current.passwordHash, input.currentPassword)))
    throw badRequest(MESSAGES.CURRENT_PASSWORD_WRONG, { currentPassword: MESSAGES.CURRENT_PASSWORD_WRONG });
  await deps.accountFailures.reset('login', current.email);
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const updated = await usuarios.updateUser(tx, userId, { passwordHash }, { revokeTokens: true });
    if (!updated) throw unauthorized(MESSAGES.SESSION_EXPIRED);
    await deps.mail.enqueue(tx, passwordChangedMail(updated.email, `${deps.config.publicUrl}/login`));
    return updated;
  });
  deps.mail.wake();
  return { token: await deps.signUserToken(user) };
}

/** Ends every session of the caller on the server too: the token version moves on. */
export async function logout(deps: Deps, userId: number) {
  await usuarios.revokeTokens(deps.db, userId);
}
