import type { AccesoRow, AuditoriaRow } from '@red-dental/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, estimatedRows, queryRows } from '../../db/client.ts';
import { compactFolded } from '../../db/name-search.ts';
import { likeContaining } from '../../lib/text.ts';

/** Days are the network's days: Argentina keeps one offset all year, but the zone says it best. */
const ZONE = 'America/Argentina/Buenos_Aires';
/** Up to this many matches are counted exactly; past it the planner's estimate stands in. */
export const COUNT_CAP = 10_000;

/**
 * The audit screen's filters, resolved: the actor's text to the ids of the
 * accounts it names and the document to its affiliate's record, so each
 * condition is one an index answers newest first.
 */
export interface AuditWhere {
  actorIds?: readonly number[];
  action?: string;
  entity?: string;
  documento?: string;
  /** The record of the affiliate holding `documento`, if there is one now. */
  afiliadoId?: number;
  desde?: string;
  hasta?: string;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::integer[]`;

function whereOf(f: AuditWhere): SQL {
  const conditions: SQL[] = [];
  if (f.actorIds) conditions.push(sql`actor_user_id = any(${intArray(f.actorIds)})`);
  if (f.action) conditions.push(sql`action = ${f.action}`);
  if (f.entity) conditions.push(sql`entity = ${f.entity}`);
  if (f.documento)
    conditions.push(
      f.afiliadoId === undefined
        ? sql`documento = ${f.documento}`
        : sql`(documento = ${f.documento} or afiliado_ids @> ${intArray([f.afiliadoId])})`,
    );
  if (f.desde) conditions.push(sql`created_at >= (${f.desde}::date)::timestamp at time zone ${ZONE}`);
  if (f.hasta) conditions.push(sql`created_at < (${f.hasta}::date + 1)::timestamp at time zone ${ZONE}`);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/**
 * The accounts whose e-mail or name (their own, or their professional record's), folded as
 * `compactSearchKey` folds, contains `key` (a compactSearchKey).
 */
export async function findActorIds(db: DbOrTx, key: string): Promise<number[]> {
  const pattern = likeContaining(key);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u left join profesionales p on p.user_id = u.id
        where ${compactFolded(sql`u.email`)} like ${pattern} or ${compactFolded(sql`u.nombre`)} like ${pattern}
          or ${compactFolded(sql`p.nombre`)} like ${pattern}
        limit 1000`,
  );
  return rows.map((r) => r.id);
}

export async function findAfiliadoIdByDocumento(db: DbOrTx, documento: string): Promise<number | undefined> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from afiliados where documento = ${documento}`,
  );
  return rows[0]?.id;
}

interface RawAuditRow {
  id: string | number;
  created_at: string;
  actor_nombre: string | null;
  actor_label: string;
  actor_rol: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  documento: string | null;
  details: Record<string, unknown> | null;
  address: string | null;
  /** The row's place in the order, for the next batch of an export. */
  cursor: string;
}

const columns = sql`id, created_at, actor_nombre, actor_label, actor_rol, action, entity, entity_id,
  documento, details, address, created_at::text as cursor`;

/** A row as the log holds it; the names it uses are looked up apart, for a page at once (`withNombres`). */
export type AuditLogRow = Omit<AuditoriaRow, 'nombres'>;

const toRow = (r: RawAuditRow): AuditLogRow => ({
  id: Number(r.id),
  createdAt: new Date(r.created_at).toISOString(),
  actorNombre: r.actor_nombre,
  actorEmail: r.actor_label,
  actorRol: r.actor_rol,
  action: r.action,
  entity: r.entity,
  entityId: r.entity_id,
  documento: r.documento,
  details: r.details,
  address: r.address,
});

/**
 * A page of matches and their exact count in one round trip, when there are at
 * most `cap`: the matches are collected through whichever index finds them
 * (at most cap + 1 entries) and only they are sorted. Without this PostgreSQL
 * walks the time index backwards hoping to meet a page of matches early, and
 * a combination that is common apart but rare together (a staff member and
 * coverage checks, which only dentists make) reads the whole log. Answers
 * undefined past the cap: then the ordered walk (`findPage`) is the fast plan
 * and the count is an estimate (`countMatches`).
 *
 * Sequential scans are turned off for this one statement: the planner takes
 * filters to be independent, so it expects such a combination to match
 * thousands of rows and reads the table until it meets cap + 1 of them, which
 * for one that matches nothing is all ten million. Through an index the work
 * is bounded by the most selective filter alone.
 */
export async function findFewMatches(
  db: DbOrTx,
  filter: AuditWhere,
  page: { limit: number; offset: number },
  cap = COUNT_CAP,
): Promise<{ rows: AuditLogRow[]; rowCount: number } | undefined> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return queryRows<RawAuditRow & { total: number }>(
      tx,
      sql`with m as materialized (
          select id, created_at from audit_log where ${whereOf(filter)} limit ${cap + 1}
        ), total as (select count(*)::int as n from m)
        select total.n as total, p.* from total left join lateral (
          select ${columns} from audit_log
          where id in (select id from m order by created_at desc, id desc limit ${page.limit} offset ${page.offset})
            and total.n <= ${cap}
          order by created_at desc, id desc
        ) p on true`,
    );
  });
  const total = Number(rows[0]?.total ?? 0);
  if (total > cap) return undefined;
  return { rowCount: total, rows: rows.filter((r) => r.id !== null).map(toRow) };
}

/** One page, newest first, read in order from the indexes: the plan for one filter, or for many matches. */
export async function findPage(db: DbOrTx, filter: AuditWhere, page: { limit: number; offset: number }) {
  const rows = await queryRows<RawAuditRow>(
    db,
    sql`select ${columns} from audit_log where ${whereOf(filter)}
        order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map(toRow);
}

/**
 * How many rows match: exactly up to COUNT_CAP (reading at most that many
 * index entries), past it the planner's estimate, so a count never reads ten
 * million rows.
 */
export async function countMatches(db: DbOrTx, filter: AuditWhere): Promise<number> {
  const where = whereOf(filter);
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from audit_log where ${where} limit ${COUNT_CAP + 1}) m`,
  );
  const n = counted?.n ?? 0;
  if (n <= COUNT_CAP) return n;
  const estimate = await estimatedRows(db, sql`select 1 from audit_log where ${where}`);
  return Math.max(COUNT_CAP + 1, Math.round(estimate));
}

/**
 * Whether no one index answers the filter in time order: a document (two
 * indexes, OR-ed) or two of actor, action and entity. One alone, with or
 * without dates, has an index ending in (created_at, id) that the ordered
 * page walks.
 */
export function needsFewMatches(f: AuditWhere): boolean {
  const combined = [f.actorIds, f.action, f.entity].filter((v) => v !== undefined).length;
  return f.documento !== undefined || combined >= 2;
}

/**
 * Every matching row, newest first, in batches of `batchSize`: each batch is
 * one short query that goes on from where the last ended (by time and id), so
 * no transaction or cursor stays open while a slow client downloads, and
 * memory holds one batch whatever the total.
 */
export async function* eachBatch(db: DbOrTx, filter: AuditWhere, batchSize = 1_000) {
  let after: { cursor: string; id: number } | undefined;
  while (true) {
    const from = after ? sql` and (created_at, id) < (${after.cursor}::timestamptz, ${after.id})` : sql``;
    const raw = await queryRows<RawAuditRow>(
      db,
      sql`select ${columns} from audit_log where ${whereOf(filter)}${from}
          order by created_at desc, id desc limit ${batchSize}`,
    );
    if (raw.length === 0) return;
    yield raw.map(toRow);
    if (raw.length < batchSize) return;
    const last = raw[raw.length - 1]!;
    after = { cursor: last.cursor, id: Number(last.id) };
  }
}

/** 'ADMINISTRATIVO' → 'Administrativo': role names read as words, not as codes. */
function titleCase(name: string): string {
  return name.charAt(0).toLocaleUpperCase('es-AR') + name.slice(1).toLocaleLowerCase('es-AR');
}

/** How the affiliate's 'Mis accesos' names a row of the chair or of their token; the rest by action. */
function tipoDe(
  r: { action: string; entity: string },
  tipos: Record<string, AccesoRow['tipo']>,
): AccesoRow['tipo'] {
  if (r.entity === 'historia') return 'historia';
  if (r.entity === 'atencion') return 'prestaciones';
  if (r.entity === 'codigo_token') return 'token_codigo';
  if (r.entity === 'token') return r.action === 'reject' ? 'token_incorrecto' : 'token_desactivado';
  return tipos[r.action]!;
}

/**
 * What an affiliate may see of the audit: who (never their e-mail) checked their
 * coverage, or saw, opened or changed their record, in the last `months` (all
 * that is kept when absent).
 */
export async function findAccesos(
  db: DbOrTx,
  afiliado: { id: number; documento: string },
  page: { limit: number; offset: number; months?: number },
): Promise<{ rows: (Omit<AccesoRow, 'nombre'> & { nombre: string | null })[]; rowCount: number }> {
  const since = page.months ? sql` and created_at > now() - make_interval(months => ${page.months})` : sql``;
  const where = sql`(documento = ${afiliado.documento} or afiliado_ids @> ${intArray([afiliado.id])})
    and (action in ('consult', 'search', 'read', 'create', 'update', 'deactivate', 'reactivate') and entity = 'afiliado'
         or action = 'consult' and entity = 'historia' or action = 'validate' and entity = 'atencion'
         or action in ('reject', 'delete') and entity = 'token' or action = 'create' and entity = 'codigo_token')${since}`;
  const rows = await queryRows<{
    created_at: string;
    actor_nombre: string | null;
    actor_rol: string | null;
    action: string;
    entity: string;
    details: { found?: boolean } | null;
  }>(
    db,
    sql`select created_at, actor_nombre, actor_rol, action, entity, details from audit_log where ${where}
        order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`,
  );
  // An affiliate's rows are few (tens a year): counted exactly.
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log where ${where}`,
  );
  const tipos = {
    consult: 'consulta',
    search: 'busqueda',
    read: 'ficha',
    create: 'alta',
    update: 'modificacion',
    deactivate: 'baja',
    reactivate: 'reactivacion',
  } as const;
  return {
    rowCount: counted?.n ?? 0,
    rows: rows.map((r) => ({
      fecha: new Date(r.created_at).toISOString(),
      nombre: r.actor_nombre,
      rol: r.actor_rol ? r.actor_rol.split(', ').map(titleCase).join(', ') : 'Personal de la red',
      tipo: tipoDe(r, tipos),
      encontrado: r.action === 'consult' && r.entity === 'afiliado' ? r.details?.found === true : null,
    })),
  };
}
