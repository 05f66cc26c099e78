import {
  ERROR_CODES,
  MESSAGES,
  normalizeDocumento,
  PERMISSIONS,
  type SessionUser,
} from '@red-dental/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afiliados, passwordResetTokens } from '../../db/schema/index.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { enqueueMail } from '../mail/mail.repository.ts';
import { passwordRecoveryMail } from '../mail/mail.templates.ts';
import * as usuarios from '../usuarios/usuarios.repository.ts';

export const RECOVERY_TOKEN_TTL_MINUTES = 60;

type Deps = Pick<
  FastifyInstance,
  'db' | 'config' | 'mail' | 'signUserToken' | 'signAfiliadoToken' | 'accountFailures'
>;

/** The session user object of DESIGN section 3 (login and /user/me). */
export async function buildSessionUser(
  deps: Pick<Deps, 'db'>,
  user: { id: number; email: string },
): Promise<SessionUser> {
  const [roles, professionalName] = await Promise.all([
    usuarios.findRolesOfUsers(deps.db, [user.id]),
    usuarios.findProfessionalName(deps.db, user.id),
  ]);
  return { id: user.id, user: user.email, professionalName, roles: roles.get(user.id) ?? [] };
}

export async function login(deps: Deps, input: { user: string; pass: string }) {
  const email = input.user.trim().toLowerCase();
  await deps.accountFailures.assertAllowed('login', email);
  const user = await usuarios.findUserByEmail(deps.db, email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.pass)
    : await verifyAgainstDummy(input.pass);
  if (!user || !ok) {
    await deps.accountFailures.recordFailure('login', email);
    throw unauthorized(MESSAGES.LOGIN_FAILED);
  }
  // Only now, with the password proven, may the caller learn about the account's state.
  if (user.status === 'pending') throw forbidden(MESSAGES.LOGIN_PENDING);
  const subject = await usuarios.findSubject(deps.db, user.id);
  if (!subject?.permissions.has(PERMISSIONS.BACKOFFICE_ACCESS)) throw forbidden(MESSAGES.LOGIN_NO_ACCESS);
  await deps.accountFailures.reset('login', email);
  const [sessionUser, token] = await Promise.all([buildSessionUser(deps, user), deps.signUserToken(user)]);
  return { user: sessionUser, token };
}

export async function loginAfiliado(deps: Deps, input: { documento: string }) {
  const documento = normalizeDocumento(input.documento);
  if (!documento) throw badRequest(MESSAGES.DOCUMENT_REQUIRED, { documento: MESSAGES.DOCUMENT_REQUIRED });
  await deps.accountFailures.assertAllowed('afiliado-login', documento);
  const [afiliado] = await deps.db
    .select({ id: afiliados.id })
    .from(afiliados)
    .where(eq(afiliados.documento, documento));
  if (!afiliado) {
    await deps.accountFailures.recordFailure('afiliado-login', documento);
    throw unauthorized(MESSAGES.AFFILIATE_LOGIN_FAILED);
  }
  await deps.accountFailures.reset('afiliado-login', documento);
  return { token: await deps.signAfiliadoToken(afiliado.id) };
}

/**
 * Mails a single-use link valid one hour. A new request replaces any earlier
 * link. Every request counts against the account's limit, so nobody can
 * flood a mailbox.
 */
export async function requestPasswordRecovery(deps: Deps, email: string) {
  await deps.accountFailures.assertAllowed('recover', email);
  await deps.accountFailures.recordFailure('recover', email);
  const user = await usuarios.findUserByEmail(deps.db, email);
  if (!user) throw notFound(MESSAGES.RECOVER_UNKNOWN_EMAIL);
  const token = randomToken();
  await deps.db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: sql`now() + make_interval(mins => ${RECOVERY_TOKEN_TTL_MINUTES})`,
    });
    await enqueueMail(
      tx,
      passwordRecoveryMail(user.email, `${deps.config.publicUrl}/recover-password/${token}`),
    );
  });
  deps.mail.wake();
}

export async function restorePassword(deps: Deps, input: { id: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    // Marking the token used in the same statement that finds it makes a second use fail, even when concurrent.
    const [token] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(input.id)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!token) throw new AppError(400, MESSAGES.RESTORE_TOKEN_INVALID, ERROR_CODES.INVALID_TOKEN);
    await usuarios.updateUser(tx, token.userId, { passwordHash }, { revokeTokens: true });
  });
}

/** Changes the caller's own password; older tokens die, so the caller gets a fresh one. */
export async function changeOwnPassword(deps: Deps, userId: number, password: string) {
  const passwordHash = await hashPassword(password);
  const user = await usuarios.updateUser(deps.db, userId, { passwordHash }, { revokeTokens: true });
  if (!user) throw unauthorized(MESSAGES.SESSION_EXPIRED);
  return { token: await deps.signUserToken(user) };
}
