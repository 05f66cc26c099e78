import {
  type AfiliadoProfile,
  type AfiliadoProfileUpdate,
  ERROR_CODES,
  MESSAGES,
} from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { hitCounter } from '../../plugins/rate-limit.ts';
import { enqueueMail } from '../mail/mail.repository.ts';
import { afiliadoEmailChangedMail, afiliadoEmailConfirmationMail } from '../mail/mail.templates.ts';
import * as repo from './afiliados.repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'mail'>;

export const EMAIL_TOKEN_TTL_HOURS = 24;
/**
 * Anyone who knows a DNI can sign in (the spec's rule), so changes that send
 * mail are capped per affiliate: nobody can use the portal to flood a mailbox.
 */
export const MAILING_CHANGES_PER_HOUR = 5;

/** Counted inside the change's transaction: a refused change rolls its count back with it. */
async function countMailingChange(tx: Parameters<typeof hitCounter>[0], afiliadoId: number) {
  const counter = await hitCounter(tx, `mail:afiliado:${afiliadoId}`, 3600);
  if (counter.count > MAILING_CHANGES_PER_HOUR) throw tooManyRequests(counter.retryAfterSeconds);
}

export async function getProfile(deps: Pick<Deps, 'db'>, afiliadoId: number): Promise<AfiliadoProfile> {
  const row = await repo.findProfile(deps.db, afiliadoId);
  if (!row) throw unauthorized(MESSAGES.SESSION_EXPIRED);
  return {
    ...repo.toAfiliado(row),
    email: row.email,
    emailPendiente: row.emailPendiente,
    telefono: row.telefono,
  };
}

/** "juan.perez@gmail.com" → "ju***@gmail.com": enough for the owner to recognise, little for anyone else. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/**
 * The affiliate changes only birth date, phone and e-mail (DESIGN section 3).
 * A new e-mail waits as pending until the link mailed to it is opened, and
 * the confirmed address, if any, is told at once.
 */
export async function updateProfile(deps: Deps, afiliadoId: number, input: AfiliadoProfileUpdate) {
  let mailed = false;
  await deps.db.transaction(async (tx) => {
    const current = await repo.findProfile(tx, afiliadoId);
    if (!current) throw unauthorized(MESSAGES.SESSION_EXPIRED);
    const values: Parameters<typeof repo.updateProfile>[2] = {};
    if (input.fecha_nacimiento !== undefined) values.fechaNacimiento = input.fecha_nacimiento;
    if (input.telefono !== undefined) values.telefono = input.telefono || null;

    if (input.email !== undefined) {
      const wanted = input.email || null;
      const clearPending = { emailPendiente: null, emailTokenHash: null, emailTokenExpiresAt: null };
      const portalUrl = `${deps.config.publicUrl}/login-afiliado`;
      const pendingStillValid =
        current.emailPendiente !== null &&
        current.emailTokenExpiresAt !== null &&
        current.emailTokenExpiresAt.getTime() > Date.now();
      if (wanted === null) {
        Object.assign(values, clearPending, { email: null });
        if (current.email) {
          await countMailingChange(tx, afiliadoId);
          await enqueueMail(tx, afiliadoEmailChangedMail(current.email, null, portalUrl));
          mailed = true;
        }
      } else if (wanted === current.email) {
        // Back to the confirmed address: a change in flight is abandoned.
        Object.assign(values, clearPending);
      } else if (wanted !== current.emailPendiente || !pendingStillValid) {
        await countMailingChange(tx, afiliadoId);
        const token = randomToken();
        Object.assign(values, {
          emailPendiente: wanted,
          emailTokenHash: sha256(token),
          emailTokenExpiresAt: sql`now() + make_interval(hours => ${EMAIL_TOKEN_TTL_HOURS})`,
        });
        await enqueueMail(
          tx,
          afiliadoEmailConfirmationMail(wanted, `${deps.config.publicUrl}/confirmar-email/${token}`),
        );
        if (current.email)
          await enqueueMail(tx, afiliadoEmailChangedMail(current.email, maskEmail(wanted), portalUrl));
        mailed = true;
      }
    }
    if (Object.keys(values).length > 0) await repo.updateProfile(tx, afiliadoId, values);
  });
  if (mailed) deps.mail.wake();
  return getProfile(deps, afiliadoId);
}

export async function confirmEmail(deps: Pick<Deps, 'db'>, token: string) {
  const confirmed = await repo.confirmPendingEmail(deps.db, sha256(token));
  if (!confirmed) throw new AppError(400, MESSAGES.afiliados.EMAIL_TOKEN_INVALID, ERROR_CODES.INVALID_TOKEN);
  return { message: MESSAGES.afiliados.EMAIL_CONFIRMED };
}
