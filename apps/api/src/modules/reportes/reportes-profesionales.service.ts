import {
  MESSAGES,
  PERMISSIONS,
  REPORTES_POR_DIA,
  type Reporte,
  type ReporteInput,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { initials } from '../../lib/text.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as profesionales from '../profesionales/profesionales.repository.ts';
import * as repo from './reportes-profesionales.repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'consumeQuota'>;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * An affiliate reports that a provider of their directory shows wrong data.
 * Only providers the affiliate can see are reportable (any other is "not
 * found"), and each affiliate sends at most REPORTES_POR_DIA a day. The same
 * report sent again while the first is open (the text, the provider and the
 * affiliate alike: a queued send retried, an answer that never arrived) is
 * that report: its id comes back, `created` false, nothing written or counted.
 */
export async function report(
  deps: Deps,
  afiliadoId: number,
  profesionalId: number,
  input: ReporteInput,
): Promise<{ id: number; created: boolean }> {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.isInDirectoryOf(tx, profesionalId, afiliadoId)))
      throw notFound(MESSAGES.profesionales.NOT_FOUND);
    const values = { profesionalId, afiliadoId, motivo: input.motivo };
    const same = await repo.findSameOpen(tx, values);
    if (same !== undefined) return { id: same, created: false };
    await deps.consumeQuota(tx, `reportes:afiliado:${afiliadoId}`, {
      max: REPORTES_POR_DIA,
      windowSeconds: DAY_SECONDS,
      message: MESSAGES.reportes.REPORTE_LIMIT,
    });
    return { id: await repo.insert(tx, values), created: true };
  });
}

/**
 * The provider's open reports, for its page in the back office. As in the
 * queue (`/api/reportes`), who sent each is shown whole only to holders of
 * AFILIADOS.GET, audited for the affiliate's 'Mis accesos'; the rest read the
 * name's initials.
 */
export async function listOpen(
  deps: Pick<Deps, 'db'>,
  caller: Subject,
  profesionalId: number,
): Promise<Reporte[]> {
  if (!(await profesionales.findOwner(deps.db, profesionalId)))
    throw notFound(MESSAGES.profesionales.NOT_FOUND);
  const rows = await repo.findOpen(deps.db, profesionalId);
  const seesDocumento = caller.permissions.has(PERMISSIONS.AFILIADOS_GET);
  const afiliadoIds = [...new Set(rows.flatMap((r) => (r.afiliadoId === null ? [] : [r.afiliadoId])))];
  if (seesDocumento && afiliadoIds.length > 0)
    await recordAudit(deps.db, caller, {
      action: 'read',
      entity: 'afiliado',
      details: { profesionalId, reportes: rows.filter((r) => r.afiliadoId !== null).map((r) => r.id) },
      afiliadoIds,
    });
  return rows.map((r) => ({
    id: r.id,
    motivo: r.motivo,
    createdAt: r.createdAt.toISOString(),
    afiliado:
      r.afiliadoNombre === null || r.afiliadoDocumento === null
        ? null
        : seesDocumento
          ? { nombre: r.afiliadoNombre, documento: r.afiliadoDocumento }
          : { iniciales: initials(r.afiliadoNombre) },
  }));
}
