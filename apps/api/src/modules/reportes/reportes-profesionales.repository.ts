import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  afiliados,
  profesionales,
  profesionalObrasSociales,
  profesionalReportes,
  users,
} from '../../db/schema/index.ts';

/** Whether the provider is in the affiliate's directory: approved, and accepting the affiliate's insurer. */
export async function isInDirectoryOf(
  db: DbOrTx,
  profesionalId: number,
  afiliadoId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: profesionales.id })
    .from(profesionales)
    .innerJoin(users, and(eq(users.id, profesionales.userId), eq(users.status, 'active')))
    .innerJoin(profesionalObrasSociales, eq(profesionalObrasSociales.profesionalId, profesionales.id))
    .innerJoin(afiliados, eq(afiliados.obraSocialId, profesionalObrasSociales.obraSocialId))
    .where(and(eq(profesionales.id, profesionalId), eq(afiliados.id, afiliadoId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The affiliate's open report on the provider saying exactly `motivo`, if any: the same report
 * sent again (a phone that queued it offline, or an answer lost on the way). Taken under a lock
 * per affiliate, so two copies arriving together cannot both be written.
 */
export async function findSameOpen(
  db: DbOrTx,
  values: { profesionalId: number; afiliadoId: number; motivo: string },
): Promise<number | undefined> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext('red-dental:reportes'), ${values.afiliadoId}::int)`,
  );
  const [row] = await db
    .select({ id: profesionalReportes.id })
    .from(profesionalReportes)
    .where(
      and(
        eq(profesionalReportes.profesionalId, values.profesionalId),
        eq(profesionalReportes.afiliadoId, values.afiliadoId),
        eq(profesionalReportes.motivo, values.motivo),
        isNull(profesionalReportes.cerradoAt),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function insert(
  db: DbOrTx,
  values: { profesionalId: number; afiliadoId: number; motivo: string },
): Promise<number> {
  const [row] = await db.insert(profesionalReportes).values(values).returning({ id: profesionalReportes.id });
  return row!.id;
}

/** A provider's open reports, oldest first, with who sent each (while the affiliate exists). */
export function findOpen(db: DbOrTx, profesionalId: number) {
  return db
    .select({
      id: profesionalReportes.id,
      motivo: profesionalReportes.motivo,
      createdAt: profesionalReportes.createdAt,
      afiliadoId: afiliados.id,
      afiliadoNombre: afiliados.nombre,
      afiliadoDocumento: afiliados.documento,
    })
    .from(profesionalReportes)
    .leftJoin(afiliados, eq(afiliados.id, profesionalReportes.afiliadoId))
    .where(and(eq(profesionalReportes.profesionalId, profesionalId), isNull(profesionalReportes.cerradoAt)))
    .orderBy(asc(profesionalReportes.createdAt), asc(profesionalReportes.id));
}
