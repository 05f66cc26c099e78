import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { especialidades, profesionalEspecialidades } from '../../db/schema/index.ts';

const columns = { id: especialidades.id, nombre: especialidades.nombre };
const byName = [asc(sql`lower(${especialidades.nombre})`), asc(especialidades.id)];

/** Every specialty, alphabetically (accents and case aside), GUARDIAS among them. */
export function findAll(db: DbOrTx) {
  return db
    .select(columns)
    .from(especialidades)
    .orderBy(...byName);
}

/** Every specialty with how many professionals have it in their profile: one grouped query. */
export function findCatalogue(db: DbOrTx) {
  return db
    .select({
      ...columns,
      profesionales: sql<number>`count(${profesionalEspecialidades.profesionalId})::int`,
    })
    .from(especialidades)
    .leftJoin(profesionalEspecialidades, eq(profesionalEspecialidades.especialidadId, especialidades.id))
    .groupBy(especialidades.id)
    .orderBy(...byName);
}

export async function findById(db: DbOrTx, id: number) {
  const [row] = await db.select(columns).from(especialidades).where(eq(especialidades.id, id));
  return row;
}

/** How many of `ids` name a specialty that exists. */
export async function countExisting(db: DbOrTx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.select(columns).from(especialidades).where(inArray(especialidades.id, ids));
  return rows.length;
}

/** How many professionals have the specialty in their profile. */
export async function countProfesionales(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profesionalEspecialidades)
    .where(eq(profesionalEspecialidades.especialidadId, id));
  return row?.n ?? 0;
}

export async function insert(db: DbOrTx, nombre: string) {
  const [row] = await db.insert(especialidades).values({ nombre }).returning(columns);
  return row!;
}

/** The renamed specialty, or undefined when there is none with that id. */
export async function rename(db: DbOrTx, id: number, nombre: string) {
  const [row] = await db
    .update(especialidades)
    .set({ nombre })
    .where(eq(especialidades.id, id))
    .returning(columns);
  return row;
}

/**
 * Deletes the specialty; whether one was deleted. A profile holding it makes the
 * database refuse (ON DELETE RESTRICT), even one saved while this runs.
 */
export async function remove(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(especialidades)
    .where(eq(especialidades.id, id))
    .returning({ id: especialidades.id });
  return rows.length > 0;
}
