import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditAction,
  type AuditEntity,
  type AuditoriaExportQuery,
  type AuditoriaFilter,
  type AuditoriaQuery,
  type AuditoriaRow,
  auditDetails,
  describeAudit,
  normalizeDocumento,
} from '@red-dental/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type ExportColumn, tableExport } from '../../lib/table-export.ts';
import { compactSearchKey } from '../../lib/text.ts';
import type { Subject } from '../../plugins/auth.ts';
import { auditedExport } from './audited-export.ts';
import { withNombres } from './auditoria-names.repository.ts';
import * as repo from './auditoria-query.repository.ts';

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
    if (few) return { rows: await withNombres(deps.db, few.rows), rowCount: few.rowCount };
  }
  const [rows, rowCount] = await Promise.all([
    repo.findPage(deps.db, where, page),
    repo.countMatches(deps.db, where),
  ]);
  return { rows: await withNombres(deps.db, rows), rowCount };
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

/**
 * The columns of the export: the screen's (when, who, the sentence, the
 * document, the address), what happened and to what kind of record as
 * columns a spreadsheet filters by ('Qué', 'Sobre'), and the details as
 * readable text, one fact after another.
 */
const EXPORT_COLUMNS: readonly ExportColumn<AuditoriaRow>[] = [
  { header: 'Fecha', value: (r) => BUENOS_AIRES.format(new Date(r.createdAt)).replace(',', '') },
  { header: 'Usuario', value: (r) => r.actorNombre },
  { header: 'Email', value: (r) => r.actorEmail },
  { header: 'Rol', value: (r) => r.actorRol },
  { header: 'Acción', value: (r) => describeAudit(r) },
  { header: 'Qué', value: (r) => AUDIT_ACTION_LABELS[r.action as AuditAction] ?? r.action },
  { header: 'Sobre', value: (r) => AUDIT_ENTITY_LABELS[r.entity as AuditEntity] ?? r.entity },
  { header: 'Documento del afiliado', value: (r) => r.documento },
  { header: 'Detalle', value: (r) => auditDetails(r).join('; ') || null },
  { header: 'Dirección IP', value: (r) => r.address },
];

async function* none(): AsyncGenerator<AuditoriaRow[]> {}

/**
 * The matching rows in batches, each with the names its sentences use (one
 * lookup per batch): for a combination of filters no index answers in order,
 * ten thousand at most in one sorted read (so a rare combination never walks
 * the log in time order); else in keyset batches.
 */
async function* exportBatches(db: Db, where: repo.AuditWhere): AsyncGenerator<AuditoriaRow[]> {
  const few = repo.needsFewMatches(where)
    ? await repo.findFewMatches(db, where, { limit: repo.COUNT_CAP, offset: 0 })
    : undefined;
  if (few) {
    for (let at = 0; at < few.rows.length; at += EXPORT_BATCH)
      yield await withNombres(db, few.rows.slice(at, at + EXPORT_BATCH));
    return;
  }
  for await (const batch of repo.eachBatch(db, where, EXPORT_BATCH)) yield await withNombres(db, batch);
}

/** Rows per read of an export, and per lookup of their names. */
const EXPORT_BATCH = 1_000;

/**
 * The filtered log as CSV (`,` or `;`), written as it is read. The export is
 * itself an entry of the log, with its filters and how many rows went out,
 * written when the download ends (or is abandoned).
 */
export async function exportAuditoria(deps: Deps, caller: Subject, query: AuditoriaExportQuery) {
  const { formato, separador, ...filter } = query;
  const where = await resolveAuditFilter(deps.db, filter);
  const batches = where ? exportBatches(deps.db, where) : none();
  const format = { formato, separador };
  return tableExport(
    batches,
    EXPORT_COLUMNS,
    format,
    auditedExport(deps, caller, { name: 'auditoria', entity: 'auditoria', filtros: filter, format }),
  );
}
