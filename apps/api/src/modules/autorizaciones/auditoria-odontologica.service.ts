import { type ContextoAuditoria, formatFecha, lugarDeLinea, MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as afiliadoRepo from '../prestaciones/prestaciones-afiliado.repository.ts';
import * as repo from './autorizaciones.repository.ts';

const M = MESSAGES.autorizaciones;

/** An auditor's reads of what a request is judged against: 300 an hour, like a dentist's history reads. */
const CONTEXTO_LIMIT = { max: 300, windowSeconds: 3600, message: MESSAGES.afiliados.COVERAGE_CHECK_LIMIT };

/**
 * What the auditor judges a request against: every line the network recorded
 * on the affiliate (by whom, in what state), and what the affiliate answered
 * about earlier visits. Reading it is reading the affiliate's health record, so
 * it is audited on them like the chair's look-up.
 */
export async function contexto(
  deps: Pick<FastifyInstance, 'db' | 'consumeQuota'>,
  caller: Subject,
  id: number,
): Promise<ContextoAuditoria> {
  // The read, its audit row and the auditor's hourly quota commit together, as the chair's history
  // read does: walking the requests one by one to read every affiliate's mouth stops at the quota.
  const { lineas, respuestas } = await deps.db.transaction(async (tx) => {
    const row = await repo.findById(tx, id);
    if (!row) throw notFound(M.NOT_FOUND);
    const [lineas, respuestas] = await Promise.all([
      afiliadoRepo.findLineasAfiliado(tx, row.afiliado_id),
      afiliadoRepo.findRespuestas(tx, row.afiliado_id),
    ]);
    await recordAudit(tx, caller, {
      action: 'consult',
      entity: 'historia',
      entityId: row.afiliado_id,
      details: {
        afiliadoId: row.afiliado_id,
        documento: row.documento,
        lineas: lineas.length,
        numero: row.numero,
      },
      documento: row.documento,
      afiliadoIds: [row.afiliado_id],
    });
    await deps.consumeQuota(tx, `contexto:${caller.id}`, CONTEXTO_LIMIT);
    return { lineas, respuestas };
  });
  return {
    lineas: lineas.map((l) => ({
      fecha: l.fecha,
      codigo: l.codigo,
      nombre: l.nombre,
      pieza: l.pieza,
      caras: l.caras,
      sector: l.sector,
      estado: l.estado,
      prestador: l.prestador,
      texto: `${lugarDeLinea(l)}: ${l.nombre} (${l.codigo}) el ${formatFecha(l.fecha)} por ${l.prestador}${l.estado === 'anulada' ? ' (anulada)' : ''}`,
    })),
    respuestas: respuestas.map((r) => ({ ...r, observada: !r.atendido || r.cobro > r.coseguro })),
  };
}
