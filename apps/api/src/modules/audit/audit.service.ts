import {
  type AuditoriaFilter,
  type AuditoriaQuery,
  type AuditoriaRow,
  describeAudit,
  normalizeDocumento,
} from '@red-dental/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type CsvColumn, csvStream } from '../../lib/csv-export.ts';
import { compactSearchKey } from '../../lib/text.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from './audit.repository.ts';
import * as repo from './audit-query.repository.ts';

interface Deps {
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * The filters as the indexes answer them; undefined when they cannot match
 * anything (no such actor). Exported for the benchmark, which replays the
 * statements the list sends.
 */
export async function resolveAuditFilter(
  db: Db,
  filter: AuditoriaFilter,
): Promise<repo.AuditWhere | undefined> {
  // Documents are looked up as they are stored, whatever the dots or spaces typed ("30.555.111").
  const documento = filter.documento === undefined ? undefined : normalizeDocumento(filter.documento);
  const where: repo.AuditWhere = {
    action: filter.accion,
    entity: filter.entidad,
    documento,
    desde: filter.desde,
    hasta: filter.hasta,
  };
  if (filter.actor) {
    // Matched as every name search matches: case, accents, spaces and punctuation aside; only
    // punctuation typed (a literal %) names nobody.
    const key = compactSearchKey(filter.actor);
    if (!key) return undefined;
    where.actorIds = await repo.findActorIds(db, key);
    if (where.actorIds.length === 0) return undefined;
  }
  if (documento !== undefined) {
    // Punctuation alone is no document: it names nobody, as in every search.
    if (!documento) return undefined;
    where.afiliadoId = await repo.findAfiliadoIdByDocumento(db, documento);
  }
  return where;
}

export async function listAuditoria(deps: Deps, query: AuditoriaQuery) {
  const where = await resolveAuditFilter(deps.db, query);
  if (!where) return { rows: [], rowCount: 0 };
  const page = { limit: query.pageSize, offset: query.pageIndex * query.pageSize };
  if (repo.needsFewMatches(where)) {
    const few = await repo.findFewMatches(deps.db, where, page);
    if (few) return few;
  }
  const [rows, rowCount] = await Promise.all([
    repo.findPage(deps.db, where, page),
    repo.countMatches(deps.db, where),
  ]);
  return { rows, rowCount };
}

const BUENOS_AIRES = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  // Not `hour12: false`: with es-AR it picks the h24 cycle, and midnight reads "24:00:00", the end of the day.
  hourCycle: 'h23',
});

const CSV_COLUMNS: readonly CsvColumn<AuditoriaRow>[] = [
  { header: 'Fecha', value: (r) => BUENOS_AIRES.format(new Date(r.createdAt)).replace(',', '') },
  { header: 'Usuario', value: (r) => r.actorNombre },
  { header: 'Email', value: (r) => r.actorEmail },
  { header: 'Rol', value: (r) => r.actorRol },
  { header: 'Acción', value: (r) => describeAudit(r) },
  { header: 'Documento del afiliado', value: (r) => r.documento },
  { header: 'Detalle', value: (r) => (r.details ? JSON.stringify(r.details) : null) },
  { header: 'Dirección IP', value: (r) => r.address },
];

async function* none(): AsyncGenerator<AuditoriaRow[]> {}

/**
 * The matching rows in batches: for a combination of filters no index
 * answers in order, ten thousand at most in one sorted read (so a rare
 * combination never walks the log in time order); else in keyset batches.
 */
async function* exportBatches(db: Db, where: repo.AuditWhere): AsyncGenerator<AuditoriaRow[]> {
  const few = repo.needsFewMatches(where)
    ? await repo.findFewMatches(db, where, { limit: repo.COUNT_CAP, offset: 0 })
    : undefined;
  if (few) {
    if (few.rows.length > 0) yield few.rows;
    return;
  }
  yield* repo.eachBatch(db, where);
}

/**
 * The filtered log as CSV, written as it is read. The export is itself an
 * entry of the log, with its filters and how many rows went out, written when
 * the download ends (or is abandoned).
 */
export async function exportAuditoria(deps: Deps, caller: Subject, filter: AuditoriaFilter) {
  const where = await resolveAuditFilter(deps.db, filter);
  const batches = where ? exportBatches(deps.db, where) : none();
  const filtros = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
  return csvStream(batches, CSV_COLUMNS, {
    onEnd: async ({ rows, complete }) => {
      try {
        await recordAudit(deps.db, caller, {
          action: 'export',
          entity: 'auditoria',
          details: { filtros, filas: rows, completa: complete },
        });
      } catch (error) {
        deps.log.error({ err: error }, 'the export of the audit log could not be recorded');
      }
    },
    onError: (error) => deps.log.error({ err: error }, 'the export of the audit log failed half-way'),
  });
}
