import {
  MESSAGES,
  type MiReporte,
  PERMISSIONS,
  type ReportesQuery,
  type ReporteUpdate,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { initials } from '../../lib/text.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as repo from './reportes.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;

/**
 * The staff queue of wrong-data reports, a page at a time. Who sent each is
 * shown whole (name and document) only to holders of AFILIADOS.GET, and
 * their seeing it is audited so the affiliate's 'Mis accesos' lists it; the
 * rest of those who keep the directory read the name's initials.
 */
export async function listQueue(deps: Deps, caller: Subject, query: ReportesQuery) {
  const page = await repo.findPage(
    deps.db,
    { estado: query.estado, profesionalId: query.profesionalId },
    { limit: query.pageSize, offset: query.pageIndex * query.pageSize },
  );
  const seesDocumento = caller.permissions.has(PERMISSIONS.AFILIADOS_GET);
  const afiliadoIds = [...new Set(page.rows.flatMap((r) => (r.afiliado ? [r.afiliado.id] : [])))];
  if (seesDocumento && afiliadoIds.length > 0)
    await recordAudit(deps.db, caller, {
      action: 'read',
      entity: 'afiliado',
      details: { reportes: page.rows.filter((r) => r.afiliado).map((r) => r.id) },
      afiliadoIds,
    });
  return {
    rowCount: page.rowCount,
    rows: page.rows.map(({ afiliado, ...row }) => ({
      ...row,
      afiliado:
        afiliado &&
        (seesDocumento
          ? { nombre: afiliado.nombre, documento: afiliado.documento }
          : { iniciales: initials(afiliado.nombre) }),
    })),
  };
}

/** Staff close a report with what they found or did (or open it again); the audit log keeps who and when. */
export async function update(deps: Deps, caller: Subject, id: number, change: ReporteUpdate): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const updated = await repo.setEstado(tx, id, { ...change, staffUserId: caller.id });
    if (!updated) throw notFound(MESSAGES.reportes.REPORTE_NOT_FOUND);
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
