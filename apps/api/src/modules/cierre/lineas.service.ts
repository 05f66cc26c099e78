import {
  addDays,
  type CodigoDebito,
  DEBITOS,
  type DecisionLineaInput,
  decisionLineaInputSchema,
  ESTADO_LINEA_LABELS,
  type EstadoLinea,
  formatImporte,
  type LineasPresentadasQuery,
  MESSAGES,
  networkClock,
  PERMISSIONS,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import { findProfesionalId } from '../prestaciones/prestaciones.repository.ts';
import { lockFueraDelCierre } from './cierre.repository.ts';
import * as repo from './lineas.repository.ts';

const M = MESSAGES.cierre;

type Deps = Pick<FastifyInstance, 'db'>;

const audita = (caller: Subject) => caller.permissions.has(PERMISSIONS.PRESTACIONES_AUDIT);
const estadoText = (e: EstadoLinea) => ESTADO_LINEA_LABELS[e].toLowerCase();

/** States an auditor decides from: a line the closing sent, one observed (the answer may come by phone), one to reconsider. */
const DECIDIBLES: ReadonlySet<EstadoLinea> = new Set(['presentada', 'observada', 'reconsideracion']);

/**
 * The lines in the audit: an auditor (PRESTACIONES.AUDIT) reads every one,
 * with the affiliate's answer about the visit where it said otherwise; a
 * dentist only her own, without it.
 */
export async function lineas(
  deps: Deps,
  caller: Subject,
  q: LineasPresentadasQuery & { pageIndex: number; pageSize: number },
) {
  if (audita(caller)) return repo.findLineas(deps.db, { ...q, auditor: true });
  const propio = await findProfesionalId(deps.db, caller.id);
  if (propio === undefined) throw forbidden(M.NO_ES_PRESTADOR);
  return repo.findLineas(deps.db, {
    ...q,
    profesionalId: propio,
    obraSocialId: q.obraSocialId,
    auditor: false,
  });
}

type Decision = ReturnType<typeof decisionLineaInputSchema.parse>;
type Bloqueada = NonNullable<Awaited<ReturnType<typeof repo.lockLinea>>>;

/**
 * What a decision makes of the line: its state, what is paid, and the reason in words. On a
 * reconsideration, rejecting keeps what was decided before (and paid), and approving in part must
 * give more than that: nothing already settled is taken back.
 */
function efecto(d: Decision, l: Bloqueada, hoy: string, antes: EstadoLinea | null) {
  const motivo = (d.motivo ?? null) as CodigoDebito | null;
  if (antes !== null) {
    if (d.decision === 'observar') throw conflict(M.RECONSIDERACION_NO_SE_OBSERVA);
    const pagado = l.importe_aprobado ?? 0;
    if (d.decision === 'rechazar')
      return {
        estado: antes,
        importeAprobado: pagado,
        motivo,
        motivoText: DEBITOS[motivo!],
        observadaHasta: null,
      };
    if (d.decision === 'aprobar_parcial' && (d.importeAprobado ?? 0) <= pagado) {
      const message = M.RECONSIDERACION_MENOS(formatImporte(pagado));
      throw badRequest(message, { importeAprobado: message });
    }
  }
  switch (d.decision) {
    case 'aprobar':
      return {
        estado: 'aprobada' as EstadoLinea,
        importeAprobado: l.cargo_os,
        motivo: null,
        motivoText: null,
        observadaHasta: null,
      };
    case 'aprobar_parcial': {
      const importe = d.importeAprobado ?? 0;
      if (importe <= 0 || importe >= l.cargo_os) {
        const message = M.IMPORTE_PARCIAL_INVALID(formatImporte(l.cargo_os));
        throw badRequest(message, { importeAprobado: message });
      }
      return {
        estado: 'aprobada_parcial' as EstadoLinea,
        importeAprobado: importe,
        motivo,
        motivoText: DEBITOS[motivo!],
        observadaHasta: null,
      };
    }
    case 'observar':
      return {
        estado: 'observada' as EstadoLinea,
        importeAprobado: null,
        motivo,
        motivoText: null,
        observadaHasta: addDays(hoy, l.plazo_respuesta_dias),
      };
    default:
      return {
        estado: 'rechazada' as EstadoLinea,
        importeAprobado: 0,
        motivo,
        motivoText: DEBITOS[motivo!],
        observadaHasta: null,
      };
  }
}

/**
 * `PUT /api/lineas/{id}/decision`: an auditor decides a presented line under
 * its row's lock; the step is kept with the line and in the audit log. An
 * approved or debited line is settled at the next closing.
 */
export async function decidir(
  deps: Deps,
  caller: Subject,
  id: number,
  raw: DecisionLineaInput,
  now = new Date(),
) {
  const d = decisionLineaInputSchema.parse(raw);
  const hoy = networkClock(now).date;
  await deps.db.transaction(async (tx) => {
    await lockFueraDelCierre(tx);
    const l = await repo.lockLinea(tx, id);
    if (!l) throw notFound(M.LINEA_NOT_FOUND);
    if (!DECIDIBLES.has(l.estado)) throw conflict(M.NO_DECIDIBLE(estadoText(l.estado)));
    if (l.profesional_user_id === caller.id) throw forbidden(M.PROPIA);
    const antes = l.estado === 'reconsideracion' ? await repo.estadoAntesDeReconsiderar(tx, id) : null;
    const e = efecto(d, l, hoy, antes);
    await repo.actualizar(tx, id, { ...e, nota: d.nota });
    await repo.insertPaso(tx, {
      lineaId: id,
      decision: d.decision,
      antes: l.estado,
      despues: e.estado,
      motivo: e.motivo,
      nota: d.nota,
      importe: e.estado === 'aprobada_parcial' ? e.importeAprobado : null,
      userId: caller.id,
    });
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'linea',
      entityId: id,
      details: {
        afiliadoId: l.afiliado_id,
        documento: l.documento,
        codigoValidacion: l.codigo_validacion,
        codigo: l.codigo,
        antes: l.estado,
        estado: e.estado,
        motivo: e.motivo,
      },
      documento: l.documento,
      afiliadoIds: [l.afiliado_id],
    });
  });
  return { message: M.DECIDIDA, linea: (await repo.findLinea(deps.db, id, true))! };
}

/** The dentist's own line under its lock, or 404 (another's reads as none). */
async function propia(
  tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0],
  caller: Subject,
  id: number,
) {
  const l = await repo.lockLinea(tx, id);
  if (!l || l.profesional_user_id !== caller.id) throw notFound(M.LINEA_NOT_FOUND);
  return l;
}

/** `POST /api/lineas/{id}/respuesta`: the dentist answers an observation; the line goes back to the auditor. */
export async function responder(deps: Deps, caller: Subject, id: number, texto: string) {
  await deps.db.transaction(async (tx) => {
    const l = await propia(tx, caller, id);
    if (l.estado !== 'observada') throw conflict(M.NO_OBSERVADA(estadoText(l.estado)));
    await repo.volverAlAuditor(tx, id);
    await repo.insertPaso(tx, {
      lineaId: id,
      decision: 'respuesta',
      antes: 'observada',
      despues: 'presentada',
      motivo: null,
      nota: texto,
      importe: null,
      userId: caller.id,
    });
  });
  return { message: M.RESPONDIDA };
}

/**
 * `POST /api/lineas/{id}/reconsideracion`: the dentist asks, once, for a
 * debited line (rejected, or paid in part) to be looked at again.
 */
export async function reconsiderar(deps: Deps, caller: Subject, id: number, nota: string) {
  await deps.db.transaction(async (tx) => {
    const l = await propia(tx, caller, id);
    const debitada =
      l.estado === 'rechazada' ||
      (l.importe_aprobado !== null &&
        l.importe_aprobado < l.cargo_os &&
        (l.estado === 'aprobada_parcial' || l.estado === 'facturada'));
    if (await repo.yaReconsiderada(tx, id)) throw conflict(M.YA_RECONSIDERADA);
    if (!debitada) throw conflict(M.NO_RECONSIDERABLE);
    await repo.aReconsideracion(tx, id);
    await repo.insertPaso(tx, {
      lineaId: id,
      decision: 'reconsideracion',
      antes: l.estado,
      despues: 'reconsideracion',
      motivo: null,
      nota,
      importe: null,
      userId: caller.id,
    });
  });
  return { message: M.RECONSIDERACION_PEDIDA };
}
