import type { Readable } from 'node:stream';
import type { Afiliado, AfiliadoEstado } from '@red-dental/contracts';
import { and, arrayContains, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, estimatedRows, preparedRows, queryRows, statement } from '../../db/client.ts';
import { copyCsvOut, copyDay, copyMoment, copyText } from '../../db/copy-out.ts';
import { afiliados, obrasSociales, planes } from '../../db/schema/index.ts';

/** The registry's own filters beside a search: the insurer, and active or de baja. */
interface RegistryFilters {
  obraSocialId?: number;
  estado?: AfiliadoEstado;
}

/** What a list request matches; built by the service from the caller's permissions and search. */
export type AfiliadoFilter =
  | { kind: 'none' }
  | ({ kind: 'all' } & RegistryFilters)
  | { kind: 'documentoExact'; documento: string }
  | ({ kind: 'documentoPrefix'; prefix: string } & RegistryFilters)
  /**
   * The name holds every key of one of the alternatives (built by the service's `nameSearchKeys`): GIN
   * over nombre_prefijos, every prefix of every word of the folded name and of the runs of words
   * name_prefixes() joins ("gonz ju" finds "Juan González", "dalessandro" finds "D' Alessandro").
   */
  | ({ kind: 'nombre'; alternatives: string[][] } & RegistryFilters);

/** Exact counts stop here; past it the planner's estimate is answered (decision 020). */
export const COUNT_CAP = 10_000;

/** The first string after every string that starts with `prefix`, in byte order (documents are [0-9A-Z]). */
const prefixEnd = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
const nombreOrden = sql`${afiliados.nombreBusqueda} collate "C"`;

/**
 * The filter's condition. With `placeholders` its values are left as
 * placeholders named after the filter's fields (and `prefixEnd`), for a
 * statement built once per shape and bound with `valuesOf(filter)`.
 */
function whereOf(filter: AfiliadoFilter, placeholders = false): SQL | undefined {
  const value = <T>(name: string, v: T) => (placeholders ? sql.placeholder(name) : v);
  const byObraSocial = (f: RegistryFilters) =>
    and(
      f.obraSocialId === undefined
        ? undefined
        : eq(afiliados.obraSocialId, value('obraSocialId', f.obraSocialId)),
      // The state is part of the statement's shape (`shapeOf`), not a value: no placeholder.
      f.estado === undefined
        ? undefined
        : f.estado === 'baja'
          ? sql`${afiliados.bajaAt} is not null`
          : sql`${afiliados.bajaAt} is null`,
    );
  switch (filter.kind) {
    case 'none':
      return sql`false`;
    case 'all':
      return byObraSocial(filter);
    case 'documentoExact':
      return eq(afiliados.documento, value('documento', filter.documento));
    case 'documentoPrefix':
      // A byte-order range on the text_pattern_ops index, which a generic plan of the named statement can use.
      return and(
        sql`${afiliados.documento} ~>=~ ${value('prefix', filter.prefix)}`,
        sql`${afiliados.documento} ~<~ ${value('prefixEnd', prefixEnd(filter.prefix))}`,
        byObraSocial(filter),
      );
    case 'nombre':
      return and(
        or(
          ...filter.alternatives.map((keys, i) =>
            arrayContains(afiliados.nombrePrefijos, value(`alternative${i}`, keys)),
          ),
        ),
        byObraSocial(filter),
      );
  }
}

/** The values of `whereOf(filter, true)`'s placeholders. */
function valuesOf(filter: AfiliadoFilter): Record<string, unknown> {
  if (filter.kind === 'documentoPrefix') return { ...filter, prefixEnd: prefixEnd(filter.prefix) };
  if (filter.kind === 'nombre')
    return {
      ...filter,
      ...Object.fromEntries(filter.alternatives.map((keys, i) => [`alternative${i}`, keys])),
    };
  return { ...filter };
}

/**
 * What shape of statement a filter needs: its kind, how many alternatives a name search has, whether
 * it names an insurer, which state.
 */
const shapeOf = (filter: AfiliadoFilter) =>
  [
    filter.kind,
    filter.kind === 'nombre' ? `:${filter.alternatives.length}` : '',
    'obraSocialId' in filter && filter.obraSocialId !== undefined ? '+obraSocial' : '',
    'estado' in filter && filter.estado !== undefined ? `+${filter.estado}` : '',
  ].join('');

const afiliadoColumns = {
  id: afiliados.id,
  nombre: afiliados.nombre,
  tipoDocumento: afiliados.tipoDocumento,
  documento: afiliados.documento,
  fecha_nacimiento: afiliados.fechaNacimiento,
  obraSocialId: obrasSociales.id,
  obraSocialNombre: obrasSociales.nombre,
  planId: planes.id,
  planCodigo: planes.codigo,
  planNombre: planes.nombre,
  numeroAfiliado: afiliados.numeroAfiliado,
  fechaAlta: afiliados.fechaAlta,
  bajaAt: afiliados.bajaAt,
  email: afiliados.email,
  telefono: afiliados.telefono,
};

type AfiliadoRow = {
  id: number;
  nombre: string;
  tipoDocumento: string;
  documento: string;
  fecha_nacimiento: string | null;
  obraSocialId: number | null;
  obraSocialNombre: string | null;
  planId: number | null;
  planCodigo: string | null;
  planNombre: string | null;
  numeroAfiliado: string | null;
  fechaAlta: string | null;
  /** A Date from the query builder, the driver's value from a raw statement. */
  bajaAt: Date | string | null;
  email: string | null;
  telefono: string | null;
};

export const toAfiliado = (r: AfiliadoRow): Afiliado => ({
  id: r.id,
  nombre: r.nombre,
  tipoDocumento: r.tipoDocumento,
  documento: r.documento,
  fecha_nacimiento: r.fecha_nacimiento,
  obraSocial: r.obraSocialId === null ? null : { id: r.obraSocialId, nombre: r.obraSocialNombre ?? '' },
  plan: r.planId === null ? null : { id: r.planId, codigo: r.planCodigo ?? '', nombre: r.planNombre ?? '' },
  numeroAfiliado: r.numeroAfiliado,
  fechaAlta: r.fechaAlta,
  fechaBaja: r.bajaAt === null ? null : new Date(r.bajaAt).toISOString(),
  email: r.email,
  telefono: r.telefono,
});

/** A row of `findFewMatches`'s statement: the count on every row, a match's columns when there is one. */
interface FewMatchesRow {
  total: number;
  id: number | null;
  nombre: string;
  tipo_documento: string;
  documento: string;
  fecha_nacimiento: string | null;
  obra_social_id: number | null;
  obra_social_nombre: string | null;
  plan_id: number | null;
  plan_codigo: string | null;
  plan_nombre: string | null;
  numero_afiliado: string | null;
  fecha_alta: string | null;
  baja_at: Date | string | null;
  email: string | null;
  telefono: string | null;
}

const fewMatchesStatement = (where: SQL) =>
  statement<FewMatchesRow>(sql`
    with m as materialized (
      select id, nombre, nombre_busqueda, tipo_documento, documento, fecha_nacimiento, obra_social_id, baja_at,
        email, telefono, plan_id, numero_afiliado, fecha_alta
      from afiliados where ${where}
      limit ${sql.placeholder('capPlusOne')}
    ), total as (select count(*)::int as n from m)
    select total.n as total, p.* from total left join lateral (
      select m.id, m.nombre, m.tipo_documento, m.documento, m.fecha_nacimiento::text as fecha_nacimiento,
             os.id as obra_social_id, os.nombre as obra_social_nombre, m.baja_at, m.email, m.telefono,
             pl.id as plan_id, pl.codigo as plan_codigo, pl.nombre as plan_nombre, m.numero_afiliado,
             m.fecha_alta::text as fecha_alta
      from m left join obras_sociales os on os.id = m.obra_social_id left join planes pl on pl.id = m.plan_id
      where total.n <= ${sql.placeholder('cap')}
      order by m.nombre_busqueda collate "C", m.id
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
    ) p on true`);

/** `findFewMatches`'s statements, one per filter shape, built on first use. */
const fewMatchesStatements = new Map<string, ReturnType<typeof fewMatchesStatement>>();

/**
 * A page of matches and their exact count in one round trip, when there are at
 * most `cap`: the matches are collected through the search indexes (at most
 * cap + 1 index entries) and only they are counted and sorted. Without this
 * PostgreSQL tends to walk the name-ordered index hoping to meet ten matches
 * early, which takes hundreds of milliseconds when they sit late in the
 * alphabet ("nuñez maria"). Answers undefined past the cap: then the ordered
 * walk (`findPage`) is the fast plan and the count is an estimate.
 */
export async function findFewMatches(
  db: DbOrTx,
  filter: AfiliadoFilter,
  page: { limit: number; offset: number },
  cap = COUNT_CAP,
): Promise<{ rows: Afiliado[]; rowCount: number } | undefined> {
  if (filter.kind === 'none') return { rows: [], rowCount: 0 };
  const shape = shapeOf(filter);
  let run = fewMatchesStatements.get(shape);
  if (!run) {
    run = fewMatchesStatement(whereOf(filter, true) ?? sql`true`);
    fewMatchesStatements.set(shape, run);
  }
  const rows = await run(db, { ...valuesOf(filter), cap, capPlusOne: cap + 1, ...page });
  const total = Number(rows[0]?.total ?? 0);
  if (total > cap) return undefined;
  return {
    rowCount: total,
    rows: rows
      .filter((r) => r.id !== null)
      .map((r) =>
        toAfiliado({
          id: r.id!,
          nombre: r.nombre,
          tipoDocumento: r.tipo_documento,
          documento: r.documento,
          fecha_nacimiento: r.fecha_nacimiento,
          obraSocialId: r.obra_social_id,
          obraSocialNombre: r.obra_social_nombre,
          planId: r.plan_id,
          planCodigo: r.plan_codigo,
          planNombre: r.plan_nombre,
          numeroAfiliado: r.numero_afiliado,
          fechaAlta: r.fecha_alta,
          bajaAt: r.baja_at,
          email: r.email,
          telefono: r.telefono,
        }),
      ),
  };
}

/** One page read in name order straight from the ordered indexes: the plan for searches with many matches. */
export async function findPage(
  db: DbOrTx,
  filter: AfiliadoFilter,
  page: { limit: number; offset: number },
): Promise<Afiliado[]> {
  if (filter.kind === 'none') return [];
  const rows = await db
    .select(afiliadoColumns)
    .from(afiliados)
    .leftJoin(obrasSociales, eq(obrasSociales.id, afiliados.obraSocialId))
    .leftJoin(planes, eq(planes.id, afiliados.planId))
    .where(whereOf(filter))
    .orderBy(nombreOrden, afiliados.id)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toAfiliado);
}

/** The planner's estimate of the matches, never below cap + 1: for searches known to pass the cap. */
export async function estimateMatches(db: DbOrTx, filter: AfiliadoFilter, cap = COUNT_CAP): Promise<number> {
  const where = whereOf(filter) ?? sql`true`;
  return Math.max(cap + 1, Math.round(await estimatedRows(db, sql`select 1 from afiliados where ${where}`)));
}

export async function findById(db: DbOrTx, id: number): Promise<Afiliado | undefined> {
  const [row] = await db
    .select(afiliadoColumns)
    .from(afiliados)
    .leftJoin(obrasSociales, eq(obrasSociales.id, afiliados.obraSocialId))
    .leftJoin(planes, eq(planes.id, afiliados.planId))
    .where(eq(afiliados.id, id));
  return row && toAfiliado(row);
}

/** What staff set on an affiliate: the table's own insert type, narrowed to those columns. */
export type AfiliadoValues = Required<
  Pick<
    typeof afiliados.$inferInsert,
    | 'nombre'
    | 'nombreBusqueda'
    | 'tipoDocumento'
    | 'documento'
    | 'fechaNacimiento'
    | 'obraSocialId'
    | 'planId'
    | 'numeroAfiliado'
    | 'fechaAlta'
  >
>;

/**
 * Whether the professional whose account is `userId` accepts the insurer;
 * undefined when the account has no professional profile.
 */
export async function professionalAccepts(
  db: DbOrTx,
  userId: number,
  obraSocialId: number,
): Promise<boolean | undefined> {
  const [row] = await queryRows<{ accepts: boolean }>(
    db,
    sql`select exists (select 1 from profesional_obras_sociales x
                       where x.profesional_id = p.id and x.obra_social_id = ${obraSocialId}) as accepts
        from profesionales p where p.user_id = ${userId}`,
  );
  return row?.accepts;
}

/** The affiliate with that (normalised) document: its id and birth date, for the portal's sign-in. */
export async function findLoginByDocumento(
  db: DbOrTx,
  documento: string,
): Promise<
  { id: number; fechaNacimiento: string | null; tokenVersion: number; bajaAt: Date | null } | undefined
> {
  const [row] = await db
    .select({
      id: afiliados.id,
      fechaNacimiento: afiliados.fechaNacimiento,
      tokenVersion: afiliados.tokenVersion,
      bajaAt: afiliados.bajaAt,
    })
    .from(afiliados)
    .where(eq(afiliados.documento, documento));
  return row;
}

/** Moves the affiliate's token version on, so every token and file link issued before stops working. */
export async function revokeTokens(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(afiliados)
    .set({ tokenVersion: sql`${afiliados.tokenVersion} + 1` })
    .where(eq(afiliados.id, id));
}

export async function insert(db: DbOrTx, values: AfiliadoValues): Promise<number> {
  const [row] = await db.insert(afiliados).values(values).returning({ id: afiliados.id });
  return row!.id;
}

export async function update(db: DbOrTx, id: number, values: AfiliadoValues): Promise<boolean> {
  const rows = await db
    .update(afiliados)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(afiliados.id, id))
    .returning({ id: afiliados.id });
  return rows.length > 0;
}

/**
 * Gives the affiliate de baja, or back their place (`baja` false), when not
 * so already; the token version moves on either way, ending every session.
 * Undefined when there is no such affiliate; `changed` false when it already
 * was in that state.
 */
export async function setBaja(
  db: DbOrTx,
  id: number,
  baja: boolean,
): Promise<{ changed: boolean; nombre: string; documento: string } | undefined> {
  const [row] = await queryRows<{ changed: boolean; nombre: string; documento: string }>(
    db,
    sql`with antes as (select id, nombre, documento, baja_at from afiliados where id = ${id} for update),
          cambio as (
            update afiliados a set baja_at = ${baja ? sql`now()` : sql`null`},
              token_version = a.token_version + 1, updated_at = now()
            from antes where a.id = antes.id and (antes.baja_at is null) = ${baja}
            returning a.id)
        select antes.nombre, antes.documento, exists (select 1 from cambio) as changed from antes`,
  );
  return row;
}

export async function findProfile(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...afiliadoColumns,
      email: afiliados.email,
      emailPendiente: afiliados.emailPendiente,
      emailTokenExpiresAt: afiliados.emailTokenExpiresAt,
      telefono: afiliados.telefono,
    })
    .from(afiliados)
    .leftJoin(obrasSociales, eq(obrasSociales.id, afiliados.obraSocialId))
    .leftJoin(planes, eq(planes.id, afiliados.planId))
    .where(eq(afiliados.id, id));
  return row;
}

/** A timestamp `hours` from the database's now, for values written by this repository. */
export const hoursFromNow = (hours: number) => sql`now() + make_interval(hours => ${hours})`;

/** The columns an affiliate's own profile changes (values or SQL such as `hoursFromNow`). */
export type AfiliadoProfileValues = Partial<
  Pick<
    PgUpdateSetSource<typeof afiliados>,
    'telefono' | 'email' | 'emailPendiente' | 'emailTokenHash' | 'emailTokenExpiresAt'
  >
>;

export async function updateProfile(db: DbOrTx, id: number, values: AfiliadoProfileValues) {
  await db
    .update(afiliados)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(afiliados.id, id));
}

/** Moves a pending e-mail to the confirmed one; the same statement consumes the token, so it works once. */
export async function confirmPendingEmail(db: DbOrTx, tokenHash: string) {
  const rows = await db
    .update(afiliados)
    .set({
      email: sql`${afiliados.emailPendiente}`,
      emailConfirmadoAt: sql`now()`,
      emailPendiente: null,
      emailTokenHash: null,
      emailTokenExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(afiliados.emailTokenHash, tokenHash),
        gt(afiliados.emailTokenExpiresAt, sql`now()`),
        sql`${afiliados.emailPendiente} is not null`,
      ),
    )
    .returning({ id: afiliados.id, email: afiliados.email });
  return rows[0];
}

/** An exported affiliate: the list's columns, the date of birth as written (yyyy-mm-dd). */
export interface AfiliadoExportRow {
  nombre: string;
  tipoDocumento: string;
  documento: string;
  fechaNacimiento: string | null;
  obraSocial: string | null;
  /** The plan's code, the card's number and the day the affiliate joined. */
  plan: string | null;
  numeroAfiliado: string | null;
  fechaAlta: string | null;
  /** The confirmed e-mail, the one waiting for its confirmation link, and the phone. */
  email: string | null;
  emailPendiente: string | null;
  telefono: string | null;
  /** When the affiliate was given de baja; null while active. */
  bajaAt: Date | null;
}

/**
 * The export's rows written as CSV by the database (`copyCsvOut`), the
 * columns of the service's EXPORT_COLUMNS as it writes them, in the order of
 * `eachExportBatch`. Null where COPY cannot serve (see `copyCsvOut`).
 */
export function copyExport(db: Db, filter: AfiliadoFilter, separator: ',' | ';'): Promise<Readable | null> {
  if (filter.kind === 'none') return Promise.resolve(null);
  // The rows are read and ordered in a subquery that `offset 0` keeps whole, so the cost of the
  // cells' expressions cannot sway the planner from its plan for the list (a parallel scan and a sort)
  // to a slower walk of the name index.
  return copyCsvOut(
    db,
    sql`select ${copyText(sql`nombre`)}, ${copyText(sql`tipo_documento`)}, ${copyText(sql`documento`)},
          ${copyDay(sql`fecha_nacimiento`)}, ${copyText(sql`obra_social`)}, ${copyText(sql`plan`)},
          ${copyText(sql`numero_afiliado`)}, ${copyDay(sql`fecha_alta`)}, ${copyText(sql`email`)},
          ${copyText(sql`email_pendiente`)}, ${copyText(sql`telefono`)}, ${copyMoment(sql`baja_at`)}
        from (select afiliados.nombre, afiliados.tipo_documento, afiliados.documento, afiliados.fecha_nacimiento,
                os.nombre as obra_social, pl.codigo as plan, afiliados.numero_afiliado, afiliados.fecha_alta,
                afiliados.email, afiliados.email_pendiente, afiliados.telefono, afiliados.baja_at
              from afiliados left join obras_sociales os on os.id = afiliados.obra_social_id
                left join planes pl on pl.id = afiliados.plan_id
              where ${whereOf(filter) ?? sql`true`}
              order by afiliados.nombre_busqueda collate "C", afiliados.id
              offset 0) as filas`,
    separator,
  );
}

/**
 * Every match in the list's order (name, then id), in keyset batches read
 * straight from the name-ordered indexes: one batch in memory at a time, and
 * each batch a short statement (no transaction held open for the whole
 * download, nor a cursor that pins a connection while a slow client reads).
 */
export async function* eachExportBatch(
  db: DbOrTx,
  filter: AfiliadoFilter,
  batchSize = 5_000,
): AsyncGenerator<AfiliadoExportRow[]> {
  if (filter.kind === 'none') return;
  const where = whereOf(filter) ?? sql`true`;
  let after: { key: string; id: number } | undefined;
  while (true) {
    const from = after
      ? sql` and (afiliados.nombre_busqueda collate "C", afiliados.id) > (${after.key} collate "C", ${after.id})`
      : sql``;
    const rows = await preparedRows<{
      id: number;
      key: string;
      nombre: string;
      tipo_documento: string;
      documento: string;
      fecha_nacimiento: string | null;
      obra_social: string | null;
      plan: string | null;
      numero_afiliado: string | null;
      fecha_alta: string | null;
      email: string | null;
      email_pendiente: string | null;
      telefono: string | null;
      baja_at: Date | string | null;
    }>(
      db,
      sql`select afiliados.id, afiliados.nombre_busqueda as key, afiliados.nombre, afiliados.tipo_documento,
            afiliados.documento, afiliados.fecha_nacimiento::text as fecha_nacimiento, os.nombre as obra_social,
            pl.codigo as plan, afiliados.numero_afiliado, afiliados.fecha_alta::text as fecha_alta,
            afiliados.email, afiliados.email_pendiente, afiliados.telefono, afiliados.baja_at
          from afiliados left join obras_sociales os on os.id = afiliados.obra_social_id
            left join planes pl on pl.id = afiliados.plan_id
          where ${where}${from}
          order by afiliados.nombre_busqueda collate "C", afiliados.id
          limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      nombre: r.nombre,
      tipoDocumento: r.tipo_documento,
      documento: r.documento,
      fechaNacimiento: r.fecha_nacimiento,
      obraSocial: r.obra_social,
      plan: r.plan,
      numeroAfiliado: r.numero_afiliado,
      fechaAlta: r.fecha_alta,
      email: r.email,
      emailPendiente: r.email_pendiente,
      telefono: r.telefono,
      bajaAt: r.baja_at === null ? null : new Date(r.baja_at),
    }));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { key: last.key, id: last.id };
  }
}
