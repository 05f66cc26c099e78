import {
  type ChangePassword,
  type CuentaNombre,
  ERROR_CODES,
  hasPermission,
  type LoginRequest,
  MESSAGES,
  PERMISSIONS,
  type RestorePassword,
  type SessionUser,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { assertNotCommonPassword } from '../../lib/common-passwords.ts';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import {
  hashPassword,
  proveCurrentPassword,
  verifyAgainstDummy,
  verifyPassword,
} from '../../lib/password.ts';
import { staffLoginUrl } from '../../lib/public-links.ts';
import { secondFactorCompulsory } from '../../lib/second-factor.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { Client, Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as profesionales from '../profesionales/profesionales.repository.ts';
import { passwordChangedMail, queueEmailConfirmation } from '../usuarios/usuarios.mails.ts';
import * as usuarios from '../usuarios/usuarios.repository.ts';
import * as admin from '../usuarios/usuarios-admin.repository.ts';
import { queueRecoveryLink, RECOVERY_MAILS_PER_HOUR } from './acceso.mails.ts';
import * as sesiones from './acceso-sesiones.repository.ts';

type Deps = Pick<
  FastifyInstance,
  'db' | 'config' | 'log' | 'mail' | 'signUserToken' | 'signChallenge' | 'accountFailures' | 'withinQuota'
>;

/** The signed-in user as login and /user/me answer it: e-mail, names, roles with permissions. */
export async function buildSessionUser(
  deps: Pick<Deps, 'db'>,
  user: { id: number; email: string },
): Promise<SessionUser> {
  const [roles, professionalName, nombre] = await Promise.all([
    usuarios.findRolesOfUsers(deps.db, [user.id]),
    profesionales.findNombreByUserId(deps.db, user.id),
    usuarios.findNombre(deps.db, user.id),
  ]);
  return { id: user.id, user: user.email, professionalName, nombre, roles: roles.get(user.id) ?? [] };
}

/**
 * Signs a user in. Attempts are limited per account and client address, so
 * failures from elsewhere never keep the owner out; failures on an account
 * from every address together slow the wrong answers down (decision 053).
 * A wrong password and a refusal for too many are on the record of the account
 * tried (never the password); an unknown address only in the log.
 */
export async function login(deps: Deps, input: LoginRequest, client: Client) {
  const email = input.user.trim().toLowerCase();
  let attempt: Awaited<ReturnType<Deps['accountFailures']['begin']>>;
  try {
    attempt = await deps.accountFailures.begin('login', email, client.address);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429)
      await recordSignIn(deps, await usuarios.findUserByEmail(deps.db, email), client, 'login_blocked');
    throw error;
  }
  const user = await usuarios.findUserByEmail(deps.db, email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.pass)
    : await verifyAgainstDummy(input.pass);
  if (!user || !ok) {
    await attempt.failed();
    await recordSignIn(deps, user, client, 'login_failed');
    throw unauthorized(MESSAGES.LOGIN_FAILED);
  }
  await attempt.succeeded();
  // Only now, with the password proven, may the caller learn about the account's state.
  if (user.status === 'pending')
    throw forbidden(user.emailConfirmedAt ? MESSAGES.LOGIN_PENDING : MESSAGES.LOGIN_EMAIL_UNCONFIRMED);
  if (user.status === 'invited') throw forbidden(MESSAGES.acceso.LOGIN_INVITED);
  if (user.status === 'inactive') throw forbidden(MESSAGES.acceso.LOGIN_INACTIVE);
  const sessionUser = await buildSessionUser(deps, user);
  const held = sessionUser.roles.flatMap((role) => role.permissions.map((p) => p.name));
  if (!hasPermission(held, PERMISSIONS.BACKOFFICE_ACCESS)) throw forbidden(MESSAGES.LOGIN_NO_ACCESS);
  // The password is right; an account with a second factor (or one that must set it up) has one more step.
  if (user.totpEnabledAt)
    return { segundoFactor: 'codigo' as const, desafio: await deps.signChallenge(user) };
  if (secondFactorCompulsory(deps.config, held))
    return { segundoFactor: 'configurar' as const, desafio: await deps.signChallenge(user) };
  return openSession(deps, sessionUser, user, client);
}

/** A sign-in attempt that did not open a session, on the record of the account tried, or in the log when there is none. */
async function recordSignIn(
  deps: Pick<Deps, 'db' | 'log'>,
  user: { id: number; email: string } | undefined,
  client: Client,
  action: 'login_failed' | 'login_blocked',
) {
  if (!user) {
    deps.log.warn({ event: action, address: client.address }, 'sign-in refused: no account has that e-mail');
    return;
  }
  await recordAudit(
    deps.db,
    { id: user.id, email: user.email, address: client.address },
    { action, entity: 'user', entityId: user.id, details: { paso: 'contraseña' } },
  );
}

/**
 * The last step of every sign-in: noted on the account and on the record, and
 * a session opened for this device (`secondFactor`: the sign-in proved one).
 */
export async function openSession(
  deps: Pick<Deps, 'db' | 'signUserToken'>,
  sessionUser: SessionUser,
  user: { id: number; email: string; tokenVersion: number },
  client: Client,
  options = { secondFactor: false },
) {
  await usuarios.recordLogin(deps.db, user.id);
  await recordAudit(
    deps.db,
    { id: user.id, email: user.email, address: client.address },
    { action: 'login', entity: 'user', entityId: user.id, details: { segundoFactor: options.secondFactor } },
  );
  return { user: sessionUser, token: await deps.signUserToken(user, client, options) };
}

/**
 * Mails a single-use link valid one hour. Requests count per account and
 * client address, and an account gets at most a few mails an hour: nobody can
 * flood a mailbox, and since earlier links stay valid, nobody can spoil the
 * owner's link by asking for more.
 */
export async function requestPasswordRecovery(deps: Deps, email: string, client: string) {
  const attempt = await deps.accountFailures.begin('recover', email, client);
  const user = await usuarios.findUserByEmail(deps.db, email);
  if (!user) {
    await attempt.failed();
    throw notFound(MESSAGES.RECOVER_UNKNOWN_EMAIL);
  }
  // An address someone else gave the account gets no recovery link until its owner proves it: the
  // confirmation link goes again instead.
  if (user.status !== 'pending' && !user.emailConfirmedAt) {
    await deps.db.transaction(async (tx) => {
      if (await deps.withinQuota(tx, `email-confirmacion:${user.id}`, RECOVERY_MAILS_PER_HOUR))
        await queueEmailConfirmation(deps, tx, user);
    });
    deps.mail.wake();
    throw conflict(MESSAGES.acceso.EMAIL_UNCONFIRMED_RECOVERY);
  }
  await deps.db.transaction((tx) => queueRecoveryLink(deps, tx, user));
  deps.mail.wake();
}

/**
 * Whether the mailed recovery link still works, asked as its page opens, so a
 * spent or expired one is said before the form. It spends nothing and answers
 * nothing about the account: a valid link and an unknown one differ only in yes or no.
 */
export async function checkRecoveryLink(deps: Pick<Deps, 'db'>, token: string): Promise<void> {
  if (!(await usuarios.isRecoveryTokenUsable(deps.db, sha256(token))))
    throw new AppError(400, MESSAGES.LINK_SPENT, ERROR_CODES.INVALID_TOKEN);
}

export async function restorePassword(deps: Deps, input: RestorePassword) {
  // Before the link is used: a refused password leaves it valid for another try.
  assertNotCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const userId = await usuarios.consumeRecoveryToken(tx, sha256(input.id));
    if (userId === undefined)
      throw new AppError(400, MESSAGES.RESTORE_TOKEN_INVALID, ERROR_CODES.INVALID_TOKEN);
    const user = await usuarios.updateUser(tx, userId, { passwordHash }, { revokeTokens: true });
    // An invitee who chose a password through a recovery link instead has accepted the invitation:
    // the mailed link proves the address just as well.
    if (user?.status === 'invited') await admin.acceptInvitation(tx, userId, passwordHash);
    // The other links mailed before this one die with the old password.
    await usuarios.deleteRecoveryTokens(tx, userId);
    await deps.mail.enqueue(tx, passwordChangedMail(user!.email, staffLoginUrl(deps.config)));
  });
  deps.mail.wake();
}

/**
 * Changes the caller's own password. The current one is required, so a
 * stolen session is not enough to take the account; its attempts count
 * against the same limit as sign-in. Other sessions end (the token version
 * moves) and the caller gets a new token.
 */
export async function changeOwnPassword(deps: Deps, caller: Subject, input: ChangePassword, client: Client) {
  assertNotCommonPassword(input.password, 'password');
  const current = await usuarios.findUserById(deps.db, caller.id);
  if (!current) throw unauthorized(MESSAGES.SESSION_EXPIRED);
  await proveCurrentPassword(deps.accountFailures, current, caller.address, input.currentPassword);
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const updated = await usuarios.updateUser(tx, caller.id, { passwordHash }, { revokeTokens: true });
    if (!updated) throw unauthorized(MESSAGES.SESSION_EXPIRED);
    await usuarios.deleteRecoveryTokens(tx, caller.id);
    await deps.mail.enqueue(tx, passwordChangedMail(updated.email, staffLoginUrl(deps.config)));
    return updated;
  });
  deps.mail.wake();
  return { token: await deps.signUserToken(user, client) };
}

/** Ends the caller's session on this device only; the others stay open. */
export async function logout(deps: Deps, caller: Subject) {
  await sesiones.deleteSession(deps.db, caller.id, caller.sessionId);
}

/**
 * `PUT /api/user/me`: the name a staff account goes by, set by its owner (the
 * first administrator starts without one). A professional's name is that of
 * their record, changed on Mi Perfil, so it is refused here. Answers the
 * session's user, name included.
 */
export async function changeOwnNombre(deps: Deps, caller: Subject, input: CuentaNombre) {
  if (await profesionales.findNombreByUserId(deps.db, caller.id))
    throw conflict(MESSAGES.acceso.NOMBRE_OF_PROFESSIONAL);
  await deps.db.transaction(async (tx) => {
    const before = await usuarios.findNombre(tx, caller.id);
    await usuarios.updateUser(tx, caller.id, { nombre: input.nombre }, { revokeTokens: false });
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'user',
      entityId: caller.id,
      details: { nombre: input.nombre, nombreAnterior: before },
    });
  });
  return buildSessionUser(deps, caller);
}
