import { randomInt } from 'node:crypto';
import { ERROR_CODES, MESSAGES, type SegundoFactorEstado, type TotpSetup } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { proveCurrentPassword } from '../../lib/password.ts';
import { secondFactorCompulsory } from '../../lib/second-factor.ts';
import { acceptedStep as acceptTotp, newTotpSecret, totpFor } from '../../lib/totp.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as usuarios from '../usuarios/usuarios.repository.ts';
import * as repo from './acceso-2fa.repository.ts';
import * as sesiones from './acceso-sesiones.repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'secretBox' | 'accountFailures'>;
const M = MESSAGES.acceso;

const ISSUER = 'Red Dental';
/** Authenticator apps' usual step, in seconds. */
const PERIOD = 30;
const RECOVERY_CODES = 10;
/** Letters and digits that cannot be mistaken for each other when copied by hand. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new secret for the account, kept pending until a code proves the app has it. */
export async function startSetup(deps: Deps, user: { id: number; email: string }): Promise<TotpSetup> {
  const current = await repo.findTotpForUpdate(deps.db, user.id);
  if (current?.totpEnabledAt) throw conflict(M.ALREADY_ON);
  const secret = newTotpSecret();
  await repo.setPendingSecret(deps.db, user.id, deps.secretBox.seal(secret));
  const uri = totpFor(secret, { period: PERIOD, label: user.email, issuer: ISSUER }).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/**
 * How a recovery code is stored and compared: upper case without the dash,
 * keyed by the secret box and the account, so the table alone (a database
 * copy without the key) gives nothing to guess against.
 */
const recoveryHash = (box: Deps['secretBox'], userId: number, code: string) =>
  box.digest(`${userId}:${code.replace('-', '').toUpperCase()}`);

/** The time step of `code` if it is a valid, unused code of `secret`; undefined otherwise. */
function acceptedStep(secret: string, email: string, code: string, lastStep: number | null) {
  const step = acceptTotp(secret, code, lastStep, { period: PERIOD, label: email, issuer: ISSUER });
  return step === 'used' ? undefined : step;
}

const wrongCode = () => badRequest(M.CODE_WRONG, { codigo: M.CODE_WRONG });

/**
 * Turns two-factor sign-in on with the pending secret once `code` proves the
 * app has it; answers the recovery codes, shown this once (stored hashed).
 */
export async function finishSetup(
  deps: Deps,
  user: { id: number; email: string; address: string },
  code: string,
) {
  const recoveryCodes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    const current = await repo.findTotpForUpdate(tx, user.id);
    if (current?.totpEnabledAt) throw conflict(M.ALREADY_ON);
    if (!current?.totpPendingSecret) throw conflict(M.NOT_SET_UP);
    const secret = deps.secretBox.open(current.totpPendingSecret);
    const step = acceptedStep(secret, user.email, code, null);
    if (step === undefined) throw wrongCode();
    await repo.enableTotp(tx, user.id, current.totpPendingSecret, step);
    await repo.replaceRecoveryCodes(
      tx,
      user.id,
      recoveryCodes.map((code) => recoveryHash(deps.secretBox, user.id, code)),
    );
    await recordAudit(tx, user, {
      action: 'update',
      entity: 'user',
      entityId: user.id,
      details: { segundoFactor: 'activado' },
    });
  });
  return { recoveryCodes };
}

/**
 * Checks the second factor of a sign-in: a code of the app (each taken once)
 * or an unused recovery code (spent). Inside the caller's transaction; whether
 * it was good, and how many recovery codes remain when one was spent.
 */
export async function checkCode(
  tx: DbOrTx,
  deps: Pick<Deps, 'secretBox'>,
  user: { id: number; email: string },
  code: string,
): Promise<{ ok: boolean; recoveryLeft?: number }> {
  const current = await repo.findTotpForUpdate(tx, user.id);
  if (!current?.totpSecret) return { ok: false };
  if (/^\d{6}$/.test(code)) {
    const step = acceptedStep(
      deps.secretBox.open(current.totpSecret),
      user.email,
      code,
      current.totpLastStep,
    );
    if (step === undefined) return { ok: false };
    await repo.recordStep(tx, user.id, step);
    return { ok: true };
  }
  if (!(await repo.useRecoveryCode(tx, user.id, recoveryHash(deps.secretBox, user.id, code))))
    return { ok: false };
  return { ok: true, recoveryLeft: await repo.countUnusedRecoveryCodes(tx, user.id) };
}

/**
 * Turns two-factor sign-in on from a session: the current password first (it
 * counts against the sign-in limit), so a session left open is not enough to
 * tie the account to someone else's phone. The session itself has then proved
 * a second factor.
 */
export async function activate(
  deps: Deps,
  caller: Subject,
  input: { codigo: string; currentPassword: string },
) {
  await assertCurrentPassword(deps, caller, input.currentPassword);
  const result = await finishSetup(deps, caller, input.codigo);
  await sesiones.markSecondFactor(deps.db, caller.id, caller.sessionId);
  return result;
}

/** Refuses a wrong current password of the caller (400 on the field), counted as a failed sign-in. */
async function assertCurrentPassword(deps: Deps, caller: Subject, currentPassword: string) {
  const user = await usuarios.findUserById(deps.db, caller.id);
  if (!user) throw unauthorized(MESSAGES.SESSION_EXPIRED);
  await proveCurrentPassword(deps.accountFailures, user, caller.address, currentPassword);
  return user;
}

/** Whether the caller's account has two-factor sign-in, must have it, and how many recovery codes remain. */
export async function estado(deps: Deps, caller: Subject): Promise<SegundoFactorEstado> {
  const current = await repo.findTotpForUpdate(deps.db, caller.id);
  return {
    activo: Boolean(current?.totpEnabledAt),
    obligatorio: secondFactorCompulsory(deps.config, caller.permissions),
    codigosRestantes: current?.totpEnabledAt ? await repo.countUnusedRecoveryCodes(deps.db, caller.id) : 0,
  };
}

/** Turns it off after the current password (it counts against the sign-in limit), unless it is compulsory. */
export async function disable(deps: Deps, caller: Subject, currentPassword: string) {
  if (secondFactorCompulsory(deps.config, caller.permissions)) throw conflict(M.REQUIRED_CANNOT_DISABLE);
  const user = await assertCurrentPassword(deps, caller, currentPassword);
  if (!user.totpEnabledAt) throw conflict(M.NOT_ON);
  await deps.db.transaction(async (tx) => {
    await repo.disableTotp(tx, caller.id);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'user',
      entityId: caller.id,
      details: { segundoFactor: 'desactivado' },
    });
  });
  return { message: M.DISABLED };
}

// A 400, not a 401: nobody is signed in yet, so there is no session for the screens to end.
export const challengeExpired = () => new AppError(400, M.CHALLENGE_EXPIRED, ERROR_CODES.INVALID_TOKEN);
