import {
  type AfiliadoLogin,
  type AfiliadoProfile,
  type AfiliadoProfileUpdate,
  ERROR_CODES,
  MESSAGES,
  normalizeDocumento,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import { affiliateLoginUrl } from '../../lib/public-links.ts';
import { maskEmail, maskNumero, maskPhone } from '../../lib/text.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { AfiliadoSubject } from '../../plugins/auth.ts';
import { recordAfiliadoAudit } from '../auditoria/auditoria.repository.ts';
import { tokenTerminadoMail } from '../token-afiliado/token-afiliado.mails.ts';
import * as tokenRepo from '../token-afiliado/token-afiliado.repository.ts';
import { afiliadoEmailChangedMail, afiliadoEmailConfirmationMail } from './afiliados.mails.ts';
import * as repo from './afiliados.repository.ts';

/*
 * The affiliate's portal: sign-in by document, the own profile, and the
 * confirmation of a new e-mail address.
 */

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'mail' | 'consumeQuota'>;

/**
 * Sign-in by document alone (the product's rule), or with the birth date too
 * (AFFILIATE_LOGIN_BIRTHDATE); limited per client address and per document
 * and address, like the users' sign-in (decision 053).
 */
export async function login(
  deps: Pick<FastifyInstance, 'db' | 'accountFailures' | 'signAfiliadoToken' | 'config'>,
  input: AfiliadoLogin,
  client: string,
) {
  const documento = normalizeDocumento(input.documento);
  if (!documento) throw badRequest(MESSAGES.DOCUMENT_REQUIRED, { documento: MESSAGES.DOCUMENT_REQUIRED });
  // With AFFILIATE_LOGIN_BIRTHDATE the birth date must match too: a document alone is easy to learn.
  const asksBirthdate = deps.config.affiliateLoginBirthdate;
  if (asksBirthdate && !input.fecha_nacimiento)
    throw badRequest(MESSAGES.AFFILIATE_BIRTHDATE_REQUIRED, {
      fecha_nacimiento: MESSAGES.AFFILIATE_BIRTHDATE_REQUIRED,
    });
  const attempt = await deps.accountFailures.begin('afiliado-login', documento, client);
  const afiliado = await repo.findLoginByDocumento(deps.db, documento);
  // The same answer for an unknown document and a wrong date, so neither tells the other.
  if (!afiliado || (asksBirthdate && afiliado.fechaNacimiento !== input.fecha_nacimiento)) {
    await attempt.failed();
    throw unauthorized(MESSAGES.AFFILIATE_LOGIN_FAILED);
  }
  // Said only once the document (and date, when asked) proved who is signing in.
  if (afiliado.bajaAt) {
    await attempt.succeeded();
    throw forbidden(MESSAGES.AFFILIATE_INACTIVE);
  }
  await attempt.succeeded();
  return { token: await deps.signAfiliadoToken(afiliado, { birthdateProven: asksBirthdate }) };
}

/**
 * Signs the affiliate out everywhere: the token version moves on, ending every session and file
 * link, and the phone that showed their token stops being one (a lost phone ends by signing out
 * anywhere).
 */
export async function logout(deps: Pick<Deps, 'db' | 'mail'>, afiliadoId: number, address: string) {
  const mailed = await deps.db.transaction(async (tx) => {
    await repo.revokeTokens(tx, afiliadoId);
    const ended = await tokenRepo.endActivo(tx, afiliadoId, 'cierre_sesion', null);
    const a = ended && (await tokenRepo.findAfiliado(tx, afiliadoId));
    if (!ended || !a) return false;
    // Anyone with the document can sign out: the ending is on the record, and the address hears.
    await recordAfiliadoAudit(
      tx,
      { id: a.id, nombre: a.nombre, documento: a.documento, address },
      {
        action: 'delete',
        entity: 'token',
        details: {
          afiliadoId: a.id,
          documento: a.documento,
          dispositivo: ended.etiqueta,
          fin: 'cierre_sesion',
        },
      },
    );
    if (!a.email) return false;
    await deps.mail.enqueue(tx, tokenTerminadoMail(a.email, ended.etiqueta, 'cierre_sesion'));
    return true;
  });
  if (mailed) deps.mail.wake();
}

export const EMAIL_TOKEN_TTL_HOURS = 24;
/**
 * Anyone who knows a DNI can sign in (the product's rule), so changes that send
 * mail are capped per affiliate: nobody can use the portal to flood a mailbox.
 */
export const MAILING_CHANGES_PER_HOUR = 5;

/** Counted inside the change's transaction: a refused change rolls its count back with it. */
function countMailingChange(deps: Pick<Deps, 'consumeQuota'>, tx: DbOrTx, afiliadoId: number) {
  return deps.consumeQuota(tx, `mail:afiliado:${afiliadoId}`, {
    max: MAILING_CHANGES_PER_HOUR,
    windowSeconds: 3600,
  });
}

/**
 * The affiliate's own profile. A session opened with the document alone,
 * which anyone may know, sees e-mail and phone only in part (decision 054).
 */
export async function getProfile(
  deps: Pick<Deps, 'db'>,
  afiliado: AfiliadoSubject,
): Promise<AfiliadoProfile> {
  const row = await repo.findProfile(deps.db, afiliado.id);
  if (!row) throw unauthorized(MESSAGES.SESSION_EXPIRED);
  const hidden = !afiliado.birthdateProven;
  const show = <T extends string | null>(value: T, mask: (v: string) => string) =>
    hidden && value !== null ? mask(value) : value;
  const { fechaBaja: _, ...datos } = repo.toAfiliado(row);
  return {
    ...datos,
    email: show(row.email, maskEmail),
    emailPendiente: show(row.emailPendiente, maskEmail),
    telefono: show(row.telefono, maskPhone),
    // With the DNI, the card's number is what a line is billed under: it too is shown in part.
    numeroAfiliado: show(row.numeroAfiliado, maskNumero),
    contactoOculto: hidden,
  };
}

/** What an affiliate's record holds of its contact, as `repo.findProfile` reads it. */
type ContactoActual = Pick<
  NonNullable<Awaited<ReturnType<typeof repo.findProfile>>>,
  'id' | 'email' | 'emailPendiente' | 'emailTokenExpiresAt' | 'telefono'
>;

/** What became of the e-mail, for the audit log: a new address pending, the address removed, a pending one dropped. */
export type EmailOutcome = 'pendiente' | 'quitado' | 'pendiente anulado';

/**
 * The rule for changing an affiliate's e-mail and phone, the portal's and
 * staff's alike, inside the caller's transaction: what is left out stays; a
 * new e-mail waits as pending until the link mailed to it is opened (so an
 * unproven address never receives notices), and the confirmed address, if
 * any, is told at once. Answers the columns to write, whether mail was queued
 * (the caller wakes the outbox after committing) and what became of the e-mail.
 */
export async function changeContacto(
  deps: Pick<Deps, 'config' | 'mail' | 'consumeQuota'>,
  tx: DbOrTx,
  current: ContactoActual,
  input: AfiliadoProfileUpdate,
): Promise<{ values: repo.AfiliadoProfileValues; mailed: boolean; email?: EmailOutcome }> {
  const afiliadoId = current.id;
  const values: repo.AfiliadoProfileValues = {};
  let mailed = false;
  let email: EmailOutcome | undefined;
  if (input.telefono !== undefined) values.telefono = input.telefono || null;

  if (input.email !== undefined) {
    const wanted = input.email || null;
    const clearPending = { emailPendiente: null, emailTokenHash: null, emailTokenExpiresAt: null };
    const portalUrl = affiliateLoginUrl(deps.config);
    const pendingStillValid =
      current.emailPendiente !== null &&
      current.emailTokenExpiresAt !== null &&
      current.emailTokenExpiresAt.getTime() > Date.now();
    if (wanted === null) {
      Object.assign(values, clearPending, { email: null });
      if (current.email || current.emailPendiente) email = 'quitado';
      if (current.email) {
        await countMailingChange(deps, tx, afiliadoId);
        await deps.mail.enqueue(tx, afiliadoEmailChangedMail(current.email, null, portalUrl));
        mailed = true;
      }
    } else if (wanted === current.email) {
      // Back to the confirmed address: a change in flight is abandoned.
      Object.assign(values, clearPending);
      if (current.emailPendiente) email = 'pendiente anulado';
    } else if (wanted !== current.emailPendiente || !pendingStillValid) {
      await countMailingChange(deps, tx, afiliadoId);
      const token = randomToken();
      Object.assign(values, {
        emailPendiente: wanted,
        emailTokenHash: sha256(token),
        emailTokenExpiresAt: repo.hoursFromNow(EMAIL_TOKEN_TTL_HOURS),
      });
      await deps.mail.enqueue(
        tx,
        afiliadoEmailConfirmationMail(wanted, `${deps.config.publicUrl}/confirmar-email/${token}`),
      );
      if (current.email)
        await deps.mail.enqueue(tx, afiliadoEmailChangedMail(current.email, maskEmail(wanted), portalUrl));
      mailed = true;
      email = 'pendiente';
    }
  }
  return { values, mailed, email };
}

/**
 * The affiliate changes only phone and e-mail (`changeContacto`); what is
 * left out stays, so a session that sees them in part can replace them
 * without learning them.
 */
export async function updateProfile(deps: Deps, afiliado: AfiliadoSubject, input: AfiliadoProfileUpdate) {
  const mailed = await deps.db.transaction(async (tx) => {
    const current = await repo.findProfile(tx, afiliado.id);
    if (!current) throw unauthorized(MESSAGES.SESSION_EXPIRED);
    const change = await changeContacto(deps, tx, current, input);
    if (Object.keys(change.values).length > 0) await repo.updateProfile(tx, afiliado.id, change.values);
    return change.mailed;
  });
  if (mailed) deps.mail.wake();
  return getProfile(deps, afiliado);
}

export async function confirmEmail(deps: Pick<Deps, 'db'>, token: string) {
  const confirmed = await repo.confirmPendingEmail(deps.db, sha256(token));
  if (!confirmed) throw new AppError(400, MESSAGES.afiliados.EMAIL_TOKEN_INVALID, ERROR_CODES.INVALID_TOKEN);
  return { message: MESSAGES.afiliados.EMAIL_CONFIRMED };
}
