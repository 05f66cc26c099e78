import {
  addDays,
  formatFecha,
  MESSAGES,
  networkClock,
  TOKEN_AFILIADO,
  type TokenActivar,
  type TokenCodigoImpreso,
  type TokenDispositivo,
  type TokenEstado,
  type TokenOlvidar,
  type TokenSecreto,
  type TokenStaff,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { describeDevice } from '../../lib/device.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { legibleCode } from '../../lib/legible-code.ts';
import { affiliateLoginUrl } from '../../lib/public-links.ts';
import { maskEmail } from '../../lib/text.ts';
import { checkToken } from '../../lib/token-afiliado.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { newTotpSecret } from '../../lib/totp.ts';
import type { AfiliadoSubject, Client, Subject } from '../../plugins/auth.ts';
import { recordAfiliadoAudit, recordAudit } from '../auditoria/auditoria.repository.ts';
import { tokenActivadoMail, tokenEnlaceMail, tokenTerminadoMail } from './token-afiliado.mails.ts';
import * as repo from './token-afiliado.repository.ts';

/*
 * The affiliate's token: a phone enrolled with proof beyond the document (a
 * link mailed to the proven e-mail, or a code the network printed), which
 * then computes the six-digit code on its own, signal or not.
 */

type Deps = Pick<
  FastifyInstance,
  'db' | 'config' | 'mail' | 'secretBox' | 'consumeQuota' | 'accountFailures' | 'spendFailure'
>;
const M = MESSAGES.tokenAfiliado;

/** The mailed link works for an hour: it is opened on the phone at hand. */
export const ENLACE_HORAS = 1;
/** A printed code is handed over at a desk and may wait in a drawer: 30 days. */
export const CODIGO_DIAS = 30;
/**
 * Days an address must have been proven before it can enrol by mail: whoever
 * signs in with a document can enter and confirm an address of their own, and
 * the address it replaced is told at once and has these days to react.
 */
export const EMAIL_MADURO_DIAS = 7;
/** Mail sent from the portal is capped per affiliate (the portal's own cap, shared). */
const MAILS_PER_HOUR = { max: 5, windowSeconds: 3600 };

/** A printed code: three groups of four from the characters that are not mistaken for each other. */
const nuevoCodigo = () => legibleCode(4, 4, 4);
/** How a printed code is compared: upper case, no spaces or dashes, keyed by the box and the affiliate. */
const codigoHash = (box: Deps['secretBox'], afiliadoId: number, codigo: string) =>
  box.digest(`token:${afiliadoId}:${codigo.replace(/[\s-]/g, '').toUpperCase()}`);

const dispositivo = (d: repo.DispositivoRow): TokenDispositivo => ({
  id: d.id,
  etiqueta: d.etiqueta,
  via: d.via,
  desde: new Date(d.created_at).toISOString(),
  ultimoUso: d.ultimo_uso_at && new Date(d.ultimo_uso_at).toISOString(),
});

/** The day from which an address proven at `confirmadoAt` can enrol by mail, while still ahead; else null. */
function emailMaduroDesde(confirmadoAt: string, now: Date): string | null {
  const desde = addDays(networkClock(new Date(confirmadoAt)).date, EMAIL_MADURO_DIAS);
  return desde > networkClock(now).date ? desde : null;
}

/** The address its owner proved by its link (null: none, or one an import brought that nobody proved). */
const emailProbado = (a: { email: string | null; email_confirmado_at: string | null }) =>
  a.email && a.email_confirmado_at ? { email: a.email, desde: a.email_confirmado_at } : null;

async function afiliadoOf(deps: Pick<Deps, 'db'>, afiliado: AfiliadoSubject) {
  const a = await repo.findAfiliado(deps.db, afiliado.id);
  if (!a) throw unauthorized(MESSAGES.SESSION_EXPIRED);
  return a;
}

/** The affiliate's device, and whether the mailed link can reach them. */
export async function estado(deps: Deps, afiliado: AfiliadoSubject, now = new Date()): Promise<TokenEstado> {
  const a = await afiliadoOf(deps, afiliado);
  const activo = await repo.findActivo(deps.db, a.id);
  const probado = emailProbado(a);
  return {
    dispositivo: activo ? dispositivo(activo) : null,
    email: probado && maskEmail(probado.email),
    emailDesde: probado && emailMaduroDesde(probado.desde, now),
  };
}

/** Mails the enrolment link to the proven e-mail (an address proven days ago, not one just entered). */
export async function enviarEnlace(deps: Deps, afiliado: AfiliadoSubject, now = new Date()) {
  const a = await afiliadoOf(deps, afiliado);
  const probado = emailProbado(a);
  if (!probado) throw badRequest(M.SIN_EMAIL);
  const desde = emailMaduroDesde(probado.desde, now);
  if (desde) throw badRequest(M.EMAIL_RECIENTE(formatFecha(desde)));
  const email = probado.email;
  await deps.db.transaction(async (tx) => {
    await deps.consumeQuota(tx, `mail:afiliado:${a.id}`, MAILS_PER_HOUR);
    const enlace = randomToken();
    await repo.insertActivacion(tx, {
      afiliadoId: a.id,
      via: 'correo',
      hash: sha256(enlace),
      hours: ENLACE_HORAS,
      createdBy: null,
    });
    await deps.mail.enqueue(
      tx,
      tokenEnlaceMail(email, `${deps.config.publicUrl}/activar-token/${enlace}`, ENLACE_HORAS),
    );
  });
  deps.mail.wake();
  return { message: M.ENLACE_ENVIADO(maskEmail(email)) };
}

/**
 * Enrols the device of the request with a mailed link's key or a printed
 * code (each once, before it expires), replacing the affiliate's earlier
 * device; answers the secret, this once. Wrong keys and codes count against
 * the affiliate from this address like sign-ins, so the printed code cannot
 * be guessed from a session.
 */
export async function activar(
  deps: Deps,
  afiliado: AfiliadoSubject,
  input: TokenActivar,
  client: Client,
): Promise<TokenSecreto> {
  const a = await afiliadoOf(deps, afiliado);
  const attempt = await deps.accountFailures.begin('token-activar', String(a.id), client.address);
  const hash = input.enlace ? sha256(input.enlace) : codigoHash(deps.secretBox, a.id, input.codigo ?? '');
  const secreto = newTotpSecret();
  const secretoLectura = newTotpSecret();
  const etiqueta = describeDevice(client.userAgent);
  const enrolado = await deps.db.transaction(async (tx) => {
    // One enrolment at a time per affiliate: a second waits, then replaces the first.
    await repo.findAfiliado(tx, a.id, true);
    const via = await repo.spendActivacion(tx, a.id, hash);
    if (!via) return undefined;
    await repo.endActivo(tx, a.id, 'reemplazado', null);
    const id = await repo.insertDispositivo(tx, {
      afiliadoId: a.id,
      secreto: deps.secretBox.seal(secreto),
      secretoLectura: deps.secretBox.seal(secretoLectura),
      pasoSegundos: TOKEN_AFILIADO.pasoSegundos,
      via,
      etiqueta,
    });
    await recordAfiliadoAudit(
      tx,
      { id: a.id, nombre: a.nombre, documento: a.documento, address: client.address },
      { action: 'create', entity: 'token', details: { afiliadoId: a.id, via, dispositivo: etiqueta } },
    );
    // The address on record hears of it (proven or not): a stranger's enrolment does not go unseen.
    if (a.email)
      await deps.mail.enqueue(tx, tokenActivadoMail(a.email, etiqueta, affiliateLoginUrl(deps.config)));
    return id;
  });
  if (enrolado === undefined) {
    await attempt.failed();
    throw badRequest(M.ACTIVACION_INVALIDA, { codigo: M.ACTIVACION_INVALIDA });
  }
  await attempt.succeeded();
  deps.mail.wake();
  return {
    dispositivoId: enrolado,
    afiliadoId: a.id,
    secreto,
    secretoLectura,
    algoritmo: TOKEN_AFILIADO.algoritmo,
    digitos: TOKEN_AFILIADO.digitos,
    pasoSegundos: TOKEN_AFILIADO.pasoSegundos,
    message: M.ACTIVADO,
  };
}

/**
 * A phone on which another person signs in gives up the token it held,
 * proving it with a current code not spent at the chair (counted like any
 * guess at the token); anything else changes nothing, and the answer is the
 * same either way. The affiliate's record says so, and their address hears.
 */
export async function olvidar(deps: Deps, input: TokenOlvidar, address: string) {
  const d = await repo.findActivoPorId(deps.db, input.dispositivoId);
  if (!d) return;
  const step = await checkToken(deps, {
    door: 'olvido',
    afiliadoId: d.afiliado_id,
    secreto: d.secreto,
    pasoSegundos: d.paso_segundos,
    codigo: input.token,
    client: address,
    lastStep: d.ultimo_paso,
  });
  if (typeof step !== 'number') return;
  const a = await repo.findAfiliado(deps.db, d.afiliado_id);
  if (!a) return;
  await deps.db.transaction(async (tx) => {
    if (!(await repo.endPorId(tx, d.id, 'otro_afiliado'))) return;
    await recordAfiliadoAudit(
      tx,
      { id: a.id, nombre: a.nombre, documento: a.documento, address },
      {
        action: 'delete',
        entity: 'token',
        details: { afiliadoId: a.id, documento: a.documento, dispositivo: d.etiqueta, fin: 'otro_afiliado' },
      },
    );
    if (a.email) await deps.mail.enqueue(tx, tokenTerminadoMail(a.email, d.etiqueta, 'otro_afiliado'));
  });
  deps.mail.wake();
}

async function staffAfiliado(deps: Pick<Deps, 'db'>, afiliadoId: number) {
  const a = await repo.findAfiliado(deps.db, afiliadoId);
  if (!a) throw notFound(MESSAGES.afiliados.NOT_FOUND);
  return a;
}

/** The affiliate's device and waiting printed code, for staff. */
export async function staffEstado(deps: Deps, afiliadoId: number): Promise<TokenStaff> {
  await staffAfiliado(deps, afiliadoId);
  const [activo, vence] = await Promise.all([
    repo.findActivo(deps.db, afiliadoId),
    repo.findCodigoPendiente(deps.db, afiliadoId),
  ]);
  return {
    dispositivo: activo ? dispositivo(activo) : null,
    codigoVence: vence ? new Date(vence).toISOString() : null,
  };
}

/** A printed activation code for an affiliate without a proven e-mail; earlier unused ones stop working. */
export async function imprimirCodigo(
  deps: Deps,
  actor: Subject,
  afiliadoId: number,
): Promise<TokenCodigoImpreso> {
  const a = await staffAfiliado(deps, afiliadoId);
  if (a.baja) throw conflict(MESSAGES.AFFILIATE_INACTIVE);
  const codigo = nuevoCodigo();
  const vence = await deps.db.transaction(async (tx) => {
    await repo.spendCodigosPendientes(tx, a.id);
    const expires = await repo.insertActivacion(tx, {
      afiliadoId: a.id,
      via: 'codigo',
      hash: codigoHash(deps.secretBox, a.id, codigo),
      hours: CODIGO_DIAS * 24,
      createdBy: actor.id,
    });
    const venceIso = new Date(expires).toISOString();
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'codigo_token',
      entityId: a.id,
      details: { afiliadoId: a.id, documento: a.documento, vence: venceIso },
      documento: a.documento,
      afiliadoIds: [a.id],
    });
    return venceIso;
  });
  return {
    codigo,
    vence,
    afiliado: { nombre: a.nombre, documento: a.documento, tipoDocumento: a.tipo_documento },
    message: M.CODIGO_IMPRESO,
  };
}

/** Staff end the affiliate's device (a lost or stolen phone). */
export async function revocar(deps: Deps, actor: Subject, afiliadoId: number) {
  const a = await staffAfiliado(deps, afiliadoId);
  await deps.db.transaction(async (tx) => {
    const ended = await repo.endActivo(tx, a.id, 'revocado', actor.id);
    if (!ended) throw notFound(M.SIN_DISPOSITIVO);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'token',
      entityId: ended.id,
      details: { afiliadoId: a.id, documento: a.documento, dispositivo: ended.etiqueta, fin: 'revocado' },
      documento: a.documento,
      afiliadoIds: [a.id],
    });
    if (a.email) await deps.mail.enqueue(tx, tokenTerminadoMail(a.email, ended.etiqueta, 'revocado'));
  });
  deps.mail.wake();
  return { message: M.REVOCADO };
}
