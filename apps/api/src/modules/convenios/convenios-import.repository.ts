import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { aranceles } from '../../db/schema/index.ts';

/** A dated fee as the import compares it. */
export interface FeeVersion {
  id: number;
  codigoId: number;
  importe: number | null;
  unidades: number | null;
  vigenteDesde: string;
  vigenteHasta: string | null;
}

/** Every fee of the contract, every version (a contract holds thousands, not millions). */
export async function findVersions(db: DbOrTx, convenioId: number): Promise<FeeVersion[]> {
  const rows = await queryRows<{
    id: number;
    codigo_id: number;
    importe: number | null;
    unidades: number | null;
    vigente_desde: string;
    vigente_hasta: string | null;
  }>(
    db,
    sql`select id, codigo_id, importe, unidades, vigente_desde::text, vigente_hasta::text
        from ${aranceles} where convenio_id = ${convenioId}`,
  );
  return rows.map((r) => ({
    id: r.id,
    codigoId: r.codigo_id,
    importe: r.importe,
    unidades: r.unidades,
    vigenteDesde: r.vigente_desde,
    vigenteHasta: r.vigente_hasta,
  }));
}

/** Rows per insert: six columns each, well under the parameters a statement may carry. */
const BATCH = 1000;

export async function insertVersions(
  db: DbOrTx,
  convenioId: number,
  rows: readonly Omit<FeeVersion, 'id'>[],
) {
  for (let start = 0; start < rows.length; start += BATCH)
    await db.insert(aranceles).values(rows.slice(start, start + BATCH).map((r) => ({ ...r, convenioId })));
}

/** Ends a fee the day before the next version of its code starts. */
export async function closeVersion(db: DbOrTx, id: number, vigenteHasta: string) {
  await db.update(aranceles).set({ vigenteHasta }).where(eq(aranceles.id, id));
}

/** Gives a version (same code and start) the file's amount and end. */
export async function replaceVersion(
  db: DbOrTx,
  id: number,
  values: { importe: number | null; unidades: number | null; vigenteHasta: string | null },
) {
  await db.update(aranceles).set(values).where(eq(aranceles.id, id));
}
