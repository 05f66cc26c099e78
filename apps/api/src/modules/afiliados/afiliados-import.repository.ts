import type { ImportAfiliado, ImportMovedAfiliado } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { copyFromFile, queryRows, type Tx } from '../../db/client.ts';
import type { StagedRow } from './csv-rows.ts';

/*
 * The import's staging table: valid rows of the file are loaded here in
 * batches, checked against each other and against the affiliates, then
 * moved in one upsert. It lives only inside the import's transaction.
 */

export async function createStaging(tx: Tx) {
  await tx.execute(sql`
    create temp table afiliados_import (
      line int not null,
      documento text not null,
      nombre text not null,
      nombre_busqueda text not null,
      tipo text,
      fecha date,
      email text,
      telefono text,
      plan_id int,
      numero_afiliado text,
      fecha_alta date
    ) on commit drop`);
}

const STAGING_COLUMNS =
  'afiliados_import (line, documento, nombre, nombre_busqueda, tipo, fecha, email, telefono, plan_id, numero_afiliado, fecha_alta)';

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A value in COPY's text format: \N for null; backslash, tab, newline and carriage return escaped. */
const copyValue = (value: string | null) =>
  value === null
    ? '\\N'
    : COPY_SPECIAL.test(value)
      ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!)
      : value;

/** A valid row as one line of COPY text, in the staging table's column order: what `loadStaging` reads. */
export function stagingLine(r: StagedRow): string {
  const plan = r.c === null ? '\\N' : String(r.c);
  return `${r.l}\t${copyValue(r.d)}\t${copyValue(r.n)}\t${copyValue(r.b)}\t${copyValue(r.t)}\t${copyValue(r.f)}\t${copyValue(r.e)}\t${copyValue(r.p)}\t${plan}\t${copyValue(r.u)}\t${copyValue(r.a)}\n`;
}

/**
 * The file of staging lines, with COPY (decision 021): on PGlite it costs about
 * a third of what inserting the same rows from JSON did.
 */
export async function loadStaging(tx: Tx, filePath: string) {
  await copyFromFile(tx, STAGING_COLUMNS, filePath);
}

/**
 * Later lines repeating an earlier line's document: the first `limit` of them,
 * and how many in all (counted before the limit, in the same sort).
 */
export async function findDuplicates(tx: Tx, limit: number) {
  const rows = await queryRows<{ line: number; first_line: number; total: number }>(
    tx,
    sql`
    select line, first_line, count(*) over ()::int as total from (
      select line, min(line) over (partition by documento) as first_line from afiliados_import
    ) d where line <> first_line
    order by line limit ${limit}`,
  );
  return {
    rows: rows.map((r) => ({ line: r.line, firstLine: r.first_line })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function deleteDuplicates(tx: Tx) {
  await tx.execute(sql`
    delete from afiliados_import s
    where exists (select 1 from afiliados_import o where o.documento = s.documento and o.line < s.line)`);
}

/** A file without a type keeps an existing affiliate's type; only new affiliates default to DNI. */
export async function fillTipoFromExisting(tx: Tx) {
  await tx.execute(sql`
    update afiliados_import s set tipo = a.tipo_documento
    from afiliados a where s.tipo is null and a.documento = s.documento`);
  await tx.execute(sql`update afiliados_import set tipo = 'DNI' where tipo is null`);
}

/*
 * What the upsert writes, per column: empty cells (null in staging) keep the
 * stored value; nombre, tipo and the insurer always come from the import.
 */
const merged = {
  fecha: sql`coalesce(s.fecha, a.fecha_nacimiento)`,
  email: sql`coalesce(s.email, a.email)`,
  telefono: sql`coalesce(s.telefono, a.telefono)`,
  /**
   * The line's plan, card number and fecha de alta, or what the affiliate has when they stay with
   * the insurer: another insurer's plan, number and day go.
   */
  plan: (obraSocialId: number) =>
    sql`coalesce(s.plan_id, case when a.obra_social_id = ${obraSocialId}::int then a.plan_id end)`,
  numero: (obraSocialId: number) =>
    sql`coalesce(s.numero_afiliado, case when a.obra_social_id = ${obraSocialId}::int then a.numero_afiliado end)`,
  alta: (obraSocialId: number) =>
    sql`coalesce(s.fecha_alta, case when a.obra_social_id = ${obraSocialId}::int then a.fecha_alta end)`,
};

/**
 * A staging row whose affiliate exists and whose data the import would change
 * (`s` the staging row, `a` the affiliate it matches, if any); giving them
 * back their activity is apart (`reactivates`).
 */
const changesData = (obraSocialId: number) => sql`a.id is not null and
  (a.nombre, a.tipo_documento, a.fecha_nacimiento, a.obra_social_id, a.email, a.telefono,
   a.plan_id, a.numero_afiliado, a.fecha_alta)
  is distinct from
  (s.nombre, s.tipo, ${merged.fecha}, ${obraSocialId}::int, ${merged.email}, ${merged.telefono},
   ${merged.plan(obraSocialId)}, ${merged.numero(obraSocialId)}, ${merged.alta(obraSocialId)})`;
/** A staging row whose affiliate is de baja: the import makes them active again. */
const reactivates = sql`a.baja_at is not null`;
/** A staging row whose affiliate has another insurer, or none: the import moves them to its own. */
const moves = (obraSocialId: number) =>
  sql`a.id is not null and a.obra_social_id is distinct from ${obraSocialId}::int`;

/**
 * Rows that would be created, existing affiliates whose data would actually
 * change or who are de baja (`updated`), and apart: those whose data change
 * (`changed`), and those de baja, whom being in the file makes active again.
 */
export async function computeStats(tx: Tx, obraSocialId: number) {
  const [row] = await queryRows<{
    total: number;
    created: number;
    updated: number;
    changed: number;
    reactivated: number;
    moved: number;
  }>(
    tx,
    sql`
    select count(*)::int as total,
           count(*) filter (where a.id is null)::int as created,
           count(*) filter (where (${changesData(obraSocialId)}) or ${reactivates})::int as updated,
           count(*) filter (where ${changesData(obraSocialId)})::int as changed,
           count(*) filter (where ${reactivates})::int as reactivated,
           count(*) filter (where ${moves(obraSocialId)})::int as moved
    from afiliados_import s left join afiliados a on a.documento = s.documento`,
  );
  return {
    total: Number(row!.total),
    created: Number(row!.created),
    updated: Number(row!.updated),
    changed: Number(row!.changed),
    reactivated: Number(row!.reactivated),
    moved: Number(row!.moved),
  };
}

/** Lists of affiliates are in the registry's order: the folded name in byte order, then the id. */
const nameOrder = sql`a.nombre_busqueda collate "C", a.id`;

/**
 * The first `limit` affiliates, in name order, whom the file moves from
 * another insurer (or from none) to the import's, with the insurer they had.
 * Only those rows leave the database, however large the file.
 */
export async function findMoved(tx: Tx, obraSocialId: number, limit: number): Promise<ImportMovedAfiliado[]> {
  const rows = await queryRows<{
    id: number;
    nombre: string;
    tipo_documento: string;
    documento: string;
    from_id: number | null;
    from_nombre: string | null;
  }>(
    tx,
    sql`select a.id, a.nombre, a.tipo_documento, a.documento, os.id as from_id, os.nombre as from_nombre
        from afiliados_import s join afiliados a on a.documento = s.documento
          left join obras_sociales os on os.id = a.obra_social_id
        where ${moves(obraSocialId)}
        order by ${nameOrder} limit ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    nombre: r.nombre,
    tipoDocumento: r.tipo_documento,
    documento: r.documento,
    from: r.from_id === null ? null : { id: Number(r.from_id), nombre: r.from_nombre ?? '' },
  }));
}

/**
 * The affiliates the file moves to another insurer, as `recordAuditEach`
 * reads them: each one's id, document, and name and insurer before the import.
 * Run before the upsert, which changes the insurer.
 */
export const movedForAudit = (obraSocialId: number) => sql`
  select a.id as afiliado_id, a.documento,
         jsonb_build_object('documento', a.documento, 'nombre', a.nombre,
           'obraSocialAnteriorId', a.obra_social_id, 'obraSocialAnterior', os.nombre) as details
  from afiliados_import s join afiliados a on a.documento = s.documento
    left join obras_sociales os on os.id = a.obra_social_id
  where ${moves(obraSocialId)}
  order by ${nameOrder}`;

/** The first `limit` lines of the file that would change an existing affiliate's data, or reactivate one. */
export async function findLines(
  tx: Tx,
  obraSocialId: number,
  what: 'changes' | 'reactivations',
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ line: number }>(
    tx,
    sql`select s.line from afiliados_import s join afiliados a on a.documento = s.documento
        where ${what === 'changes' ? changesData(obraSocialId) : reactivates}
        order by s.line limit ${limit}`,
  );
  return rows.map((r) => Number(r.line));
}

/** The affiliates de baja the file lists, whom the upsert reactivates. */
export async function findReactivated(tx: Tx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select a.id from afiliados_import s join afiliados a on a.documento = s.documento
        where ${reactivates} order by a.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** The insurer's active affiliates whose document is not in the file. */
const ausentes = (obraSocialId: number) => sql`
  a.obra_social_id = ${obraSocialId}::int and a.baja_at is null
  and not exists (select 1 from afiliados_import s where s.documento = a.documento)`;

/** The first `limit` of the insurer's active affiliates missing from the file, in name order. */
export async function findAusentes(tx: Tx, obraSocialId: number, limit: number): Promise<ImportAfiliado[]> {
  const rows = await queryRows<{ id: number; nombre: string; tipo_documento: string; documento: string }>(
    tx,
    sql`select a.id, a.nombre, a.tipo_documento, a.documento from afiliados a where ${ausentes(obraSocialId)}
        order by ${nameOrder} limit ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    nombre: r.nombre,
    tipoDocumento: r.tipo_documento,
    documento: r.documento,
  }));
}

/**
 * The affiliates `darDeBajaAusentes` gives de baja, as `recordAuditEach` reads
 * them; run just before it, in the same transaction.
 */
export const ausentesForAudit = (obraSocialId: number) => sql`
  select a.id as afiliado_id, a.documento,
         jsonb_build_object('documento', a.documento, 'nombre', a.nombre) as details
  from afiliados a where ${ausentes(obraSocialId)}
  order by ${nameOrder}`;

export async function countAusentes(tx: Tx, obraSocialId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from afiliados a where ${ausentes(obraSocialId)}`,
  );
  return Number(row?.n ?? 0);
}

/** Gives de baja the insurer's active affiliates missing from the file, ending their sessions; how many. */
export async function darDeBajaAusentes(tx: Tx, obraSocialId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with baja as (
          update afiliados a set baja_at = now(), token_version = a.token_version + 1, updated_at = now()
          where ${ausentes(obraSocialId)} returning 1)
        select count(*)::int as n from baja`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * One statement moves the whole file: new documents are inserted, known ones
 * updated only when something differs (so a re-import touches nothing); an
 * affiliate de baja listed in the file is active again.
 */
export async function upsertFromStaging(tx: Tx, obraSocialId: number) {
  // The line's plan, or the one the affiliate had when they stay with the insurer.
  const kept = (column: string) =>
    sql.raw(
      `coalesce(excluded.${column}, case when a.obra_social_id = excluded.obra_social_id then a.${column} end)`,
    );
  const keptPlan = kept('plan_id');
  const keptNumero = kept('numero_afiliado');
  const keptAlta = kept('fecha_alta');
  await tx.execute(sql`
    insert into afiliados as a
      (nombre, nombre_busqueda, tipo_documento, documento, fecha_nacimiento, obra_social_id, email, telefono,
       plan_id, numero_afiliado, fecha_alta)
    select nombre, nombre_busqueda, tipo, documento, fecha, ${obraSocialId}::int, email, telefono,
      plan_id, numero_afiliado, fecha_alta
    from afiliados_import
    on conflict (documento) do update set
      nombre = excluded.nombre,
      nombre_busqueda = excluded.nombre_busqueda,
      tipo_documento = excluded.tipo_documento,
      fecha_nacimiento = coalesce(excluded.fecha_nacimiento, a.fecha_nacimiento),
      obra_social_id = excluded.obra_social_id,
      email = coalesce(excluded.email, a.email),
      -- An address the file brings is the insurer's word, not proven by its owner: the token is not
      -- enrolled by mail to it until it is confirmed.
      email_confirmado_at = case when coalesce(excluded.email, a.email) is distinct from a.email
        then null else a.email_confirmado_at end,
      telefono = coalesce(excluded.telefono, a.telefono),
      plan_id = ${keptPlan},
      numero_afiliado = ${keptNumero},
      fecha_alta = ${keptAlta},
      baja_at = null,
      updated_at = now()
    where (a.nombre, a.tipo_documento, a.fecha_nacimiento, a.obra_social_id, a.email, a.telefono,
           a.plan_id, a.numero_afiliado, a.fecha_alta, a.baja_at)
      is distinct from
      (excluded.nombre, excluded.tipo_documento, coalesce(excluded.fecha_nacimiento, a.fecha_nacimiento),
       excluded.obra_social_id, coalesce(excluded.email, a.email), coalesce(excluded.telefono, a.telefono),
       ${keptPlan}, ${keptNumero}, ${keptAlta}, null::timestamptz)`);
}
