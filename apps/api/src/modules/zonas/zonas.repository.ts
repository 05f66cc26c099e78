import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { zonas } from '../../db/schema/index.ts';

const columns = { id: zonas.id, nombre: zonas.nombre, numero: zonas.numero };

/** Every zone, by number. */
export function findAll(db: DbOrTx) {
  return db.select(columns).from(zonas).orderBy(asc(zonas.numero));
}

export async function exists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: zonas.id }).from(zonas).where(eq(zonas.id, id));
  return rows.length > 0;
}

export async function insert(db: DbOrTx, values: { nombre: string; numero: number }) {
  const [row] = await db.insert(zonas).values(values).returning(columns);
  return row!;
}
