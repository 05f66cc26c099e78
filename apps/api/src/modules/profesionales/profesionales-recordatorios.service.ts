import { ERROR_CODES, MESSAGES, type RecordatorioDatos } from '@red-dental/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { writtenMomentDay } from '../../lib/written-dates.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit, recordLinkAudit } from '../auditoria/auditoria.repository.ts';
import * as profesionales from './profesionales.repository.ts';
import { recordatorioMail } from './profesionales-recordatorios.mails.ts';
import * as repo from './profesionales-recordatorios.repository.ts';

const M = MESSAGES.profesionales;
/** A reminder link that is unknown, used, expired or of an account no longer active: like any mailed link. */
const linkInvalid = () => new AppError(400, M.RECORDATORIO_LINK_INVALID, ERROR_CODES.INVALID_TOKEN);

/** The directory's accuracy loop, in days: when data count as stale, how often a reminder may go, how long its link lives. */
export const RECORDATORIO_RULES = { staleDays: 90, everyDays: 30, validDays: 14 } as const;
/** Reminders queued by one pass: a network's first pass after years without them goes out over a few hours. */
const PER_PASS = 200;
/** How often the pass runs (claimed across instances). */
export const PASS_INTERVAL_MS = 3_600_000;

type Deps = Pick<FastifyInstance, 'db' | 'mail' | 'config'>;

/**
 * Queues the reminder and its single-use link, unless one went out in the
 * last 30 days: answers whether it was queued.
 */
async function queue(deps: Deps, tx: DbOrTx, p: repo.Recipient): Promise<boolean> {
  const token = randomToken();
  const stamped = await repo.stamp(tx, {
    profesionalId: p.id,
    tokenHash: sha256(token),
    validDays: RECORDATORIO_RULES.validDays,
    everyDays: RECORDATORIO_RULES.everyDays,
  });
  if (!stamped) return false;
  const links = {
    confirm: `${deps.config.publicUrl}/datos-al-dia/${token}`,
    profile: `${deps.config.publicUrl}/mi-perfil`,
  };
  await deps.mail.enqueue(
    tx,
    recordatorioMail(p.email, p.nombre, links, writtenMomentDay(p.datosConfirmadosAt)),
  );
  return true;
}

/**
 * One pass of the loop: every approved provider whose data were last
 * confirmed more than 90 days ago, and who got no reminder in 30, is mailed
 * one (through the outbox). At most once an hour across instances.
 */
export async function runPass(deps: Deps & { log: FastifyBaseLogger }): Promise<number | undefined> {
  if (!(await repo.claimPass(deps.db, PASS_INTERVAL_MS / 1000))) return undefined;
  const due = await repo.findDue(deps.db, { ...RECORDATORIO_RULES, limit: PER_PASS });
  let queued = 0;
  for (const p of due) if (await deps.db.transaction((tx) => queue(deps, tx, p))) queued++;
  if (queued > 0) deps.log.info({ queued }, 'reminders to confirm directory data queued');
  return queued;
}

/** Staff send the reminder by hand (the dashboard, the provider's page); still never twice in 30 days. */
export async function sendByHand(deps: Deps, caller: Subject, id: number): Promise<{ enviadoAt: string }> {
  const p = await repo.findOne(deps.db, id);
  if (!p) throw notFound(M.NOT_FOUND);
  if (!p.active) throw conflict(M.RECORDATORIO_NOT_ACTIVE);
  return deps.db.transaction(async (tx) => {
    if (!(await queue(deps, tx, p))) {
      const sent = p.enviadoAt ?? new Date();
      const next = new Date(sent.getTime() + RECORDATORIO_RULES.everyDays * 86_400_000);
      throw conflict(M.RECORDATORIO_RECIENTE(writtenMomentDay(sent)!, writtenMomentDay(next)!));
    }
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'profesional',
      entityId: id,
      details: { recordatorio: 'enviado' },
    });
    return { enviadoAt: new Date().toISOString() };
  });
}

/** What the link shows: the listing as affiliates see it. Reading it does not use the link. */
export async function readByToken(deps: Pick<Deps, 'db'>, token: string): Promise<RecordatorioDatos> {
  const id = await repo.findByToken(deps.db, sha256(token));
  if (id === undefined) throw linkInvalid();
  const row = await repo.findListing(deps.db, id);
  if (!row) throw linkInvalid();
  return {
    nombre: row.nombre,
    telefono: row.telefono,
    direccion: row.direccion || null,
    localidad: row.localidad,
    lat: row.lat,
    long: row.long,
    horarios: row.horarios,
    especialidades: row.especialidades ?? [],
    obrasSociales: row.obras_sociales ?? [],
    datosConfirmadosAt:
      row.datos_confirmados_at === null ? null : new Date(row.datos_confirmados_at).toISOString(),
  };
}

/**
 * 'Mis datos están actualizados' from the link: once, before it expires, while
 * the account is active; audited in the account's name, as done through the link.
 */
export async function confirmByToken(
  deps: Pick<Deps, 'db'>,
  token: string,
  address: string,
): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const link = await repo.consumeToken(tx, sha256(token));
    if (link === undefined) throw linkInvalid();
    await profesionales.confirmDatos(tx, link.profesionalId);
    await recordLinkAudit(
      tx,
      { userId: link.userId, address },
      {
        action: 'update',
        entity: 'profesional',
        entityId: link.profesionalId,
        details: { recordatorio: 'confirmado' },
      },
    );
  });
  return { message: M.DATOS_CONFIRMADOS };
}

/** The first pass waits for the instance to settle after it starts. */
const FIRST_PASS_DELAY_MS = 60_000;

/**
 * Runs the reminders' pass an hour apart while the app runs (a minute after
 * it starts, then every hour); each instance tries, one wins the hour.
 */
export function scheduleReminders(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      await runPass({ ...app, log: app.log });
    } catch (error) {
      app.log.warn({ err: error }, 'the reminders pass failed; it is tried again in an hour');
    }
    timer = setTimeout(run, PASS_INTERVAL_MS).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(run, FIRST_PASS_DELAY_MS).unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
