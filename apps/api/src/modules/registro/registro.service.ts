import { ERROR_CODES, MESSAGES, type Registro } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { assertNotCommonPassword } from '../../lib/common-passwords.ts';
import { AppError, conflict, isUniqueViolation } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import * as profesionales from '../profesionales/profesionales.repository.ts';
import * as usuarios from '../usuarios/usuarios.repository.ts';
import { registrationConfirmationMail } from './registro.mails.ts';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'mail' | 'accountFailures' | 'withinQuota'>;

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_HOURS = 72;
/** Confirmation mails one pending request may receive in an hour, however many addresses ask. */
const CONFIRMATION_MAILS_PER_HOUR = { max: 5, windowSeconds: 3600 };

/** Queues a fresh confirmation link for the user (any earlier one stops working). */
async function sendConfirmation(deps: Deps, tx: DbOrTx, user: { id: number; email: string }) {
  const token = randomToken();
  await usuarios.replaceEmailToken(tx, user.id, sha256(token), CONFIRMATION_TTL_HOURS);
  await deps.mail.enqueue(
    tx,
    registrationConfirmationMail(
      user.email,
      `${deps.config.publicUrl}/confirmar-registro/${token}`,
      CONFIRMATION_TTL_HOURS,
    ),
  );
}

/**
 * A professional signs up: pending user, provider record and the mail with
 * the confirmation link, all or nothing. Staff can accept the request only
 * once the link was opened.
 */
export async function register(deps: Deps, input: Registro, client: string) {
  assertNotCommonPassword(input.password, 'password');
  // Probing addresses for accounts (a 409) is limited like guessing a password.
  const attempt = await deps.accountFailures.begin('registro', input.email, client);
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const user = await usuarios.insertUser(tx, { email: input.email, passwordHash, status: 'pending' });
      await profesionales.insertForUser(tx, user.id, {
        nombre: input.nombre,
        razonSocial: input.razonSocial,
        email: input.email,
        matricula: input.matricula || undefined,
        matriculaJurisdiccion: input.matriculaJurisdiccion,
      });
      await sendConfirmation(deps, tx, user);
      return user.id;
    });
    deps.mail.wake();
    return { id };
  } catch (error) {
    if (isUniqueViolation(error)) {
      await attempt.failed();
      throw conflict(MESSAGES.EMAIL_TAKEN);
    }
    throw error;
  }
}

/** Opens a confirmation link: the request's address is proven. */
export async function confirmEmail(deps: Pick<Deps, 'db'>, token: string) {
  const confirmed = await usuarios.confirmEmailToken(deps.db, sha256(token));
  if (!confirmed) throw new AppError(400, MESSAGES.REGISTRO_TOKEN_INVALID, ERROR_CODES.INVALID_TOKEN);
  return { message: MESSAGES.REGISTRO_EMAIL_CONFIRMED };
}

/**
 * Mails a new confirmation link for a pending, unconfirmed request. The
 * answer is the same whether or not there is one, and a request gets at most
 * a few mails an hour, so nobody can use it to learn of requests or to flood
 * a mailbox.
 */
export async function resendConfirmation(deps: Deps, email: string, client: string) {
  await deps.accountFailures.begin('registro-reenvio', email, client);
  const user = await usuarios.findUserByEmail(deps.db, email.trim().toLowerCase());
  if (user && user.status === 'pending' && user.emailConfirmedAt === null) {
    await deps.db.transaction(async (tx) => {
      if (await deps.withinQuota(tx, `registro-confirmacion:${user.id}`, CONFIRMATION_MAILS_PER_HOUR))
        await sendConfirmation(deps, tx, user);
    });
    deps.mail.wake();
  }
  return { message: MESSAGES.REGISTRO_CONFIRMATION_SENT };
}
