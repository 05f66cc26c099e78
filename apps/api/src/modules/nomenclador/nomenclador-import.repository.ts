import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { codigosPrestacion } from '../../db/schema/index.ts';
import { searchKey } from '../../lib/text.ts';
import type { CodigoRow } from './nomenclador-csv.ts';

/** Rows per insert: ten columns each, well under the 65,535 parameters a statement may carry. */
const BATCH = 1000;

/** Every code there is, with what an import compares (a table holds thousands, not millions). */
export async function findAllForImport(db: DbOrTx): Promise<Map<string, CodigoRow>> {
  const rows = await db
    .select({
      codigo: codigosPrestacion.codigo,
      capitulo: codigosPrestacion.capitulo,
      nombre: codigosPrestacion.nombre,
      norma: codigosPrestacion.norma,
      area: codigosPrestacion.area,
      carasMin: codigosPrestacion.carasMin,
      carasMax: codigosPrestacion.carasMax,
      denticion: codigosPrestacion.denticion,
      unidades: codigosPrestacion.unidades,
    })
    .from(codigosPrestacion);
  return new Map(rows.map((r) => [r.codigo, r as CodigoRow]));
}

/**
 * Writes the codes: new ones inserted, existing ones (by code) given the
 * file's columns; `present` says which of norma, denticion and unidades the
 * file has (an existing code keeps the others).
 */
export async function upsertCodigos(
  db: DbOrTx,
  rows: readonly CodigoRow[],
  present: ReadonlySet<'norma' | 'denticion' | 'unidades'>,
) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows
      .slice(start, start + BATCH)
      .map((r) => ({ ...r, nombreBusqueda: searchKey(r.nombre) }));
    await db
      .insert(codigosPrestacion)
      .values(batch)
      .onConflictDoUpdate({
        target: codigosPrestacion.codigo,
        set: {
          capitulo: sql`excluded.capitulo`,
          nombre: sql`excluded.nombre`,
          nombreBusqueda: sql`excluded.nombre_busqueda`,
          ...(present.has('norma') && { norma: sql`excluded.norma` }),
          area: sql`excluded.area`,
          carasMin: sql`excluded.caras_min`,
          carasMax: sql`excluded.caras_max`,
          ...(present.has('denticion') && { denticion: sql`excluded.denticion` }),
          ...(present.has('unidades') && { unidades: sql`excluded.unidades` }),
          updatedAt: sql`now()`,
        },
      });
  }
}
