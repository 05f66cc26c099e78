import type {
  AreaTratamiento,
  Capitulo,
  CodigoPrestacion,
  CodigoValues,
  Denticion,
} from '@red-dental/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { codigosPrestacion, gruposCodigos, gruposCodigosItems } from '../../db/schema/index.ts';
import { likeContaining } from '../../lib/text.ts';

/** A code's columns as staff set them (the code and its chapter are its identity), with its folded name. */
export type CodigoColumns = CodigoValues & { nombreBusqueda: string };

/** What a search of the table looks for: the start of a code, or words of a name (folded). */
export type CodigoSearch =
  | { kind: 'all'; capitulo?: Capitulo }
  | { kind: 'codigo'; prefix: string; capitulo?: Capitulo }
  | { kind: 'nombre'; words: string[]; capitulo?: Capitulo };

// The outer row is named by its table: a bare column here would be the subquery's own.
const grupoNames = sql<string[]>`coalesce((
    select array_agg(g.nombre order by g.nombre) from ${gruposCodigosItems} i
    join ${gruposCodigos} g on g.id = i.grupo_id where i.codigo_id = codigos_prestacion.id), '{}')`;

const columns = {
  id: codigosPrestacion.id,
  codigo: codigosPrestacion.codigo,
  capitulo: codigosPrestacion.capitulo,
  nombre: codigosPrestacion.nombre,
  norma: codigosPrestacion.norma,
  area: sql<AreaTratamiento>`${codigosPrestacion.area}`,
  carasMin: codigosPrestacion.carasMin,
  carasMax: codigosPrestacion.carasMax,
  denticion: sql<Denticion>`${codigosPrestacion.denticion}`,
  unidades: codigosPrestacion.unidades,
  grupos: grupoNames,
};

function whereOf(search: CodigoSearch) {
  const parts = [];
  if (search.capitulo) parts.push(sql`${codigosPrestacion.capitulo} = ${search.capitulo}`);
  // A code's start as typed: '02' the chapter, '02.0' its first codes, '02.01' one code and its sub-codes.
  if (search.kind === 'codigo') parts.push(sql`starts_with(${codigosPrestacion.codigo}, ${search.prefix})`);
  // Every word somewhere in the name: 'obturacion compuesta' finds 'Obturación … cavidad compuesta'.
  if (search.kind === 'nombre')
    for (const word of search.words)
      parts.push(sql`${codigosPrestacion.nombreBusqueda} like ${likeContaining(word)}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** A page of codes in code order, and how many match in all. */
export async function findPage(
  db: DbOrTx,
  search: CodigoSearch,
  page: { pageIndex: number; pageSize: number },
): Promise<{ rows: CodigoPrestacion[]; rowCount: number }> {
  const where = whereOf(search);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(codigosPrestacion)
      .where(where)
      .orderBy(asc(codigosPrestacion.codigo))
      .limit(page.pageSize)
      .offset(page.pageIndex * page.pageSize),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${codigosPrestacion} where ${where}`),
  ]);
  return { rows, rowCount: Number(count?.n ?? 0) };
}

export async function findById(db: DbOrTx, id: number): Promise<CodigoPrestacion | undefined> {
  const [row] = await db.select(columns).from(codigosPrestacion).where(eq(codigosPrestacion.id, id));
  return row;
}

/** The code as changed, or undefined when there is none with that id. */
export async function update(db: DbOrTx, id: number, values: CodigoColumns) {
  const [row] = await db
    .update(codigosPrestacion)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(codigosPrestacion.id, id))
    .returning({ id: codigosPrestacion.id });
  return row;
}

/** The ids of the given codes that exist, by code. */
export async function findIdsByCodigo(db: DbOrTx, codigos: readonly string[]): Promise<Map<string, number>> {
  if (codigos.length === 0) return new Map();
  const rows = await db
    .select({ id: codigosPrestacion.id, codigo: codigosPrestacion.codigo })
    .from(codigosPrestacion)
    .where(inArray(codigosPrestacion.codigo, [...codigos]));
  return new Map(rows.map((r) => [r.codigo, r.id]));
}

// ---------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------

const grupoColumns = {
  id: gruposCodigos.id,
  nombre: gruposCodigos.nombre,
  codigos: sql<string[]>`coalesce((
    select array_agg(c.codigo order by c.codigo) from ${gruposCodigosItems} i
    join ${codigosPrestacion} c on c.id = i.codigo_id where i.grupo_id = grupos_codigos.id), '{}')`,
};

export function findGrupos(db: DbOrTx) {
  return db
    .select(grupoColumns)
    .from(gruposCodigos)
    .orderBy(asc(sql`lower(${gruposCodigos.nombre})`));
}

export async function findGrupo(db: DbOrTx, id: number) {
  const [row] = await db.select(grupoColumns).from(gruposCodigos).where(eq(gruposCodigos.id, id));
  return row;
}

export async function insertGrupo(db: DbOrTx, nombre: string): Promise<number> {
  const [row] = await db.insert(gruposCodigos).values({ nombre }).returning({ id: gruposCodigos.id });
  return row!.id;
}

export async function renameGrupo(db: DbOrTx, id: number, nombre: string): Promise<boolean> {
  const rows = await db
    .update(gruposCodigos)
    .set({ nombre })
    .where(eq(gruposCodigos.id, id))
    .returning({ id: gruposCodigos.id });
  return rows.length > 0;
}

/** The group's codes become exactly `codigoIds`. */
export async function setGrupoCodigos(db: DbOrTx, grupoId: number, codigoIds: readonly number[]) {
  await db.delete(gruposCodigosItems).where(eq(gruposCodigosItems.grupoId, grupoId));
  if (codigoIds.length)
    await db.insert(gruposCodigosItems).values(codigoIds.map((codigoId) => ({ grupoId, codigoId })));
}

export async function deleteGrupo(db: DbOrTx, id: number) {
  const [row] = await db
    .delete(gruposCodigos)
    .where(eq(gruposCodigos.id, id))
    .returning({ nombre: gruposCodigos.nombre });
  return row;
}
