import { MESSAGES, type MiReporte, type ReportesQuery, type ReporteUpdate } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import * as repo from './reportes.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;

/** The staff queue of wrong-data reports, a page at a time. */
export function listQueue(deps: Deps, query: ReportesQuery) {
  return repo.findPage(
    deps.db,
    { estado: query.estado, profesionalId: query.profesionalId },
    { limit: query.pageSize, offset: query.pageIndex * query.pageSize },
  );
}

/** Staff close a report with what they found or did (or open it again); the audit log keeps who and when. */
export async function update(deps: Deps, caller: Subject, id: number, change: ReporteUpdate): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const updated = await repo.setEstado(tx, id, { ...change, staffUserId: caller.id });
    if (!updated) throw notFound(MESSAGES.cartilla.REPORTE_NOT_FOUND);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'profesional',
      entityId: updated.profesionalId,
      details:
        change.estado === 'cerrado'
          ? { reporteCerrado: id, nota: change.nota ?? null }
          : { reporteReabierto: id },
    });
  });
}

/** What the affiliate reported and where each report stands; never who handled it. */
export async function listOwn(deps: Deps, afiliadoId: number): Promise<MiReporte[]> {
  const rows = await repo.findOwn(deps.db, afiliadoId);
  return rows.map(({ id, profesional, motivo, createdAt, estado, cerradoAt, nota }) => ({
    id,
    profesional,
    motivo,
    createdAt,
    estado,
    cerradoAt,
    nota,
  }));
}
