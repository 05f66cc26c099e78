import { MESSAGES, networkClock, PERMISSIONS } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Auth, Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import { findProfesionalId } from '../prestaciones/prestaciones.repository.ts';
import * as repo from './liquidaciones.repository.ts';
import * as periodos from './periodos.repository.ts';

const M = MESSAGES.cierre;

type Deps = Pick<FastifyInstance, 'db'>;

const hoyDe = (now: Date) => networkClock(now).date;
const gestiona = (caller: Subject) => caller.permissions.has(PERMISSIONS.LIQUIDACIONES_MANAGE);

export const listarPeriodos = (deps: Deps) => periodos.listar(deps.db);

export async function periodo(deps: Deps, periodo: string) {
  const resumen = await periodos.resumen(deps.db, periodo);
  return { ...resumen, listaAlarmas: await periodos.alarmas(deps.db, periodo) };
}

/**
 * The dentist whose settlements the caller reads: staff (LIQUIDACIONES.MANAGE) any, or the one
 * asked for; a dentist only her own, whatever she asks.
 */
async function alcance(deps: Deps, caller: Subject, profesional: number | undefined) {
  if (gestiona(caller)) return profesional;
  const propio = await findProfesionalId(deps.db, caller.id);
  if (propio === undefined) throw forbidden(M.NO_ES_PRESTADOR);
  return propio;
}

export async function liquidaciones(
  deps: Deps,
  caller: Subject,
  q: { periodo?: string; profesional?: number },
  now = new Date(),
) {
  const profesionalId = await alcance(deps, caller, q.profesional);
  return repo.findLiquidaciones(deps.db, { periodo: q.periodo, profesionalId, hoy: hoyDe(now) });
}

/**
 * A settlement with its lines and its published statement (a link signed for
 * the caller, and when the dentist opened it): staff read any; a dentist hers
 * (another's is a 404, as if none).
 */
export async function liquidacion(
  deps: Pick<FastifyInstance, 'db' | 'fileLinks'>,
  caller: Subject,
  id: number,
  now = new Date(),
) {
  const auth: Auth = { kind: 'user', user: caller };
  const propio = gestiona(caller) ? undefined : await alcance(deps, caller, undefined);
  const found = await repo.findLiquidacion(deps.db, id, hoyDe(now));
  if (!found || (propio !== undefined && found.profesional.id !== propio))
    throw notFound(M.LIQUIDACION_NOT_FOUND);
  const estado = await repo.estadoDeCuenta(deps.db, id);
  return {
    ...found,
    estadoDeCuentaPendiente: estado ? false : await repo.sinPublicarAun(deps.db, id),
    estadoDeCuenta: estado
      ? {
          notificacionId: estado.notificacionId,
          url: deps.fileLinks.sign(estado.fileKey, auth, estado.fileName),
          publicadoAt: new Date(estado.publicadoAt).toISOString(),
          leidoAt: estado.leidoAt === null ? null : new Date(estado.leidoAt).toISOString(),
        }
      : null,
  };
}

/** The payment day must fall between the closing and today. */
function revisarPago(pagadoEl: string, emitida: string, now: Date) {
  if (pagadoEl < emitida) throw badRequest(M.PAGO_ANTES_DEL_CIERRE, { pagadoEl: M.PAGO_ANTES_DEL_CIERRE });
  if (pagadoEl > hoyDe(now)) throw badRequest(M.PAGO_FUTURO, { pagadoEl: M.PAGO_FUTURO });
}

export async function pagarLiquidacion(
  deps: Deps,
  caller: Subject,
  id: number,
  pagadoEl: string,
  now = new Date(),
) {
  const found = await repo.findLiquidacionEmitida(deps.db, id);
  if (!found) throw notFound(M.LIQUIDACION_NOT_FOUND);
  revisarPago(pagadoEl, found.emitida_el, now);
  await deps.db.transaction(async (tx) => {
    await repo.pagarLiquidacion(tx, id, pagadoEl);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'liquidacion',
      entityId: id,
      details: { periodo: found.periodo, profesionalId: found.profesional_id, pagadaEl: pagadoEl },
    });
  });
  return { message: M.PAGO_REGISTRADO };
}

export const lotes = (deps: Deps, q: { periodo?: string }, now = new Date()) =>
  repo.findLotes(deps.db, { periodo: q.periodo, hoy: hoyDe(now) });

export async function pagarLote(deps: Deps, caller: Subject, id: number, pagadoEl: string, now = new Date()) {
  const found = await repo.findLoteCerrado(deps.db, id);
  if (!found) throw notFound(M.LOTE_NOT_FOUND);
  revisarPago(pagadoEl, found.fecha_cierre, now);
  await deps.db.transaction(async (tx) => {
    await repo.pagarLote(tx, id, pagadoEl);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'lote',
      entityId: id,
      details: { numeroFactura: found.numero_factura, pagadoEl },
    });
  });
  return { message: M.PAGO_REGISTRADO };
}
