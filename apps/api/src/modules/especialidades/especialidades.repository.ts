import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { especialidades } from '../../db/schema/index.ts';

const columns = { id: especialidades.id, nombre: especialidades.nombre };

/** Every specialty, alphabetically (accents and case aside), GUARDIAS among them. */
export function findAll(db: DbOrTx) {
  return db
    .select(columns)
    .from(especialidades)
    .orderBy(asc(sql`lower(${especialidades.nombre})`), asc(especialidades.id));
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

export async function insert(db: DbOrTx, nombre: string) {
  const [row] = await db.insert(especialidades).values({ nombre }).returning(columns);
  return row!;
}
