import type { Plan, PlanValues } from '@red-dental/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { afiliados, obrasSociales, planes, reglas } from '../../db/schema/index.ts';

const columns = {
  id: planes.id,
  codigo: planes.codigo,
  nombre: planes.nombre,
  obraSocial: sql<{
    id: number;
    nombre: string;
  }>`json_build_object('id', ${obrasSociales.id}, 'nombre', ${obrasSociales.nombre})`,
  // The outer row named by its table: a bare column here would be the subquery's own.
  reglas: sql<number>`(select count(*)::int from ${reglas} r where r.plan_id = planes.id)`,
  afiliados: sql<number>`(select count(*)::int from ${afiliados} a where a.plan_id = planes.id)`,
};

/** Every plan (or one insurer's), by insurer and code. */
export function findAll(db: DbOrTx, obraSocialId?: number): Promise<Plan[]> {
  return db
    .select(columns)
    .from(planes)
    .innerJoin(obrasSociales, eq(obrasSociales.id, planes.obraSocialId))
    .where(obraSocialId === undefined ? undefined : eq(planes.obraSocialId, obraSocialId))
    .orderBy(asc(obrasSociales.nombre), asc(planes.codigo));
}

export async function findById(db: DbOrTx, id: number): Promise<Plan | undefined> {
  const [row] = await db
    .select(columns)
    .from(planes)
    .innerJoin(obrasSociales, eq(obrasSociales.id, planes.obraSocialId))
    .where(eq(planes.id, id));
  return row;
}

/** Holds the plan's rules until the transaction ends, so two saves cannot both find no overlap. */
export async function lockPlan(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from ${planes} where id = ${id} for update`);
  return rows.length > 0;
}

/** An insurer's plans by code, whatever its case: what a roster line's 'Plan' names. */
export async function findIdsByCodigo(db: DbOrTx, obraSocialId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: planes.id, codigo: planes.codigo })
    .from(planes)
    .where(eq(planes.obraSocialId, obraSocialId));
  return new Map(rows.map((r) => [r.codigo.toLowerCase(), r.id]));
}

export async function insert(db: DbOrTx, values: PlanValues): Promise<number> {
  const [row] = await db.insert(planes).values(values).returning({ id: planes.id });
  return row!.id;
}

export async function update(db: DbOrTx, id: number, values: { codigo: string; nombre: string }) {
  await db.update(planes).set(values).where(eq(planes.id, id));
}

export async function remove(db: DbOrTx, id: number) {
  await db.delete(planes).where(eq(planes.id, id));
}
