import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { profesionales, zonas } from '../../db/schema/index.ts';

const columns = { id: zonas.id, nombre: zonas.nombre, numero: zonas.numero };

/** Every zone, by number. */
export function findAll(db: DbOrTx) {
  return db.select(columns).from(zonas).orderBy(asc(zonas.numero));
}

/** Every zone with how many professionals are assigned to it: one grouped query. */
export function findCatalogue(db: DbOrTx) {
  return db
    .select({ ...columns, profesionales: sql<number>`count(${profesionales.id})::int` })
    .from(zonas)
    .leftJoin(profesionales, eq(profesionales.zonaId, zonas.id))
    .groupBy(zonas.id)
    .orderBy(asc(zonas.numero));
}

export async function findById(db: DbOrTx, id: number) {
  const [row] = await db.select(columns).from(zonas).where(eq(zonas.id, id));
  return row;
}

export async function exists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: zonas.id }).from(zonas).where(eq(zonas.id, id));
  return rows.length > 0;
}

export async function insert(db: DbOrTx, values: { nombre: string; numero: number }) {
  const [row] = await db.insert(zonas).values(values).returning(columns);
  return row!;
}

/** The zone as changed, or undefined when there is none with that id. */
export async function update(db: DbOrTx, id: number, values: { nombre: string; numero: number }) {
  const [row] = await db.update(zonas).set(values).where(eq(zonas.id, id)).returning(columns);
  return row;
}
