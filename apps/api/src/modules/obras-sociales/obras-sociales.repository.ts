import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { obrasSociales } from '../../db/schema/index.ts';

export interface ObraSocialRow {
  id: number;
  nombre: string;
  mails: string[];
  telefonos: string[];
  afiliadoCount: number;
}

/**
 * Every insurer with its number of active affiliates, read from the counts
 * the database keeps (afiliados_por_obra_social), not counted per request.
 */
export async function findAllWithCounts(db: DbOrTx, id?: number): Promise<ObraSocialRow[]> {
  const rows = await queryRows<{
    id: number;
    nombre: string;
    mails: string[];
    telefonos: string[];
    afiliado_count: number | string;
  }>(
    db,
    sql`
    select os.id, os.nombre, os.mails, os.telefonos, coalesce(c.afiliados, 0) as afiliado_count
    from obras_sociales os
    left join afiliados_por_obra_social c on c.obra_social_id = os.id
    ${id === undefined ? sql`` : sql`where os.id = ${id}`}
    order by lower(os.nombre), os.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    mails: r.mails,
    telefonos: r.telefonos,
    afiliadoCount: Number(r.afiliado_count),
  }));
}

export function findShortList(db: DbOrTx) {
  return db
    .select({ id: obrasSociales.id, nombre: obrasSociales.nombre })
    .from(obrasSociales)
    .orderBy(asc(sql`lower(${obrasSociales.nombre})`), asc(obrasSociales.id));
}

/** How many of `ids` name an insurer that exists. */
export async function countExisting(db: DbOrTx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: obrasSociales.id })
    .from(obrasSociales)
    .where(inArray(obrasSociales.id, ids));
  return rows.length;
}

export async function exists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: obrasSociales.id }).from(obrasSociales).where(eq(obrasSociales.id, id));
  return rows.length > 0;
}

/** The insurer's name; undefined when there is no such insurer. */
export async function findNombre(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ nombre: obrasSociales.nombre })
    .from(obrasSociales)
    .where(eq(obrasSociales.id, id));
  return row?.nombre;
}

export async function insert(db: DbOrTx, values: { nombre: string; mails: string[]; telefonos: string[] }) {
  const [row] = await db.insert(obrasSociales).values(values).returning({ id: obrasSociales.id });
  return row!.id;
}

export async function update(
  db: DbOrTx,
  id: number,
  values: { nombre: string; mails: string[]; telefonos: string[] },
) {
  const rows = await db
    .update(obrasSociales)
    .set(values)
    .where(eq(obrasSociales.id, id))
    .returning({ id: obrasSociales.id });
  return rows.length > 0;
}

/** Its affiliates keep existing with no insurer and providers lose it: both by the foreign keys. */
export function remove(db: DbOrTx, id: number) {
  return db
    .delete(obrasSociales)
    .where(eq(obrasSociales.id, id))
    .returning({ id: obrasSociales.id, nombre: obrasSociales.nombre });
}
