import {
  type Arancel,
  type ArancelesPage,
  type Convenio,
  type ConvenioValues,
  valorDeUnidades,
} from '@red-dental/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { aranceles, codigosPrestacion, convenios, obrasSociales } from '../../db/schema/index.ts';
import { likeContaining } from '../../lib/text.ts';

const columns = {
  id: convenios.id,
  obraSocial: sql<{
    id: number;
    nombre: string;
  }>`json_build_object('id', ${obrasSociales.id}, 'nombre', ${obrasSociales.nombre})`,
  nombre: convenios.nombre,
  vigenteDesde: convenios.vigenteDesde,
  vigenteHasta: convenios.vigenteHasta,
  diaCierre: convenios.diaCierre,
  plazoPresentacionDias: convenios.plazoPresentacionDias,
  plazoRefacturacionDias: convenios.plazoRefacturacionDias,
  plazoUrgenciaDias: convenios.plazoUrgenciaDias,
  plazoAutorizacionHoras: convenios.plazoAutorizacionHoras,
  vigenciaAutorizacionDias: convenios.vigenciaAutorizacionDias,
  plazoRespuestaDias: convenios.plazoRespuestaDias,
  requiereToken: convenios.requiereToken,
  tokenBloquea: convenios.tokenBloquea,
  extrapolaMuestra: convenios.extrapolaMuestra,
  valorUnidad: convenios.valorUnidad,
  // The outer row named by its table: a bare column here would be the subquery's own.
  aranceles: sql<number>`(select count(*)::int from ${aranceles} a where a.convenio_id = convenios.id)`,
};

/** Every contract (or one insurer's), by insurer and start. */
export function findAll(db: DbOrTx, obraSocialId?: number): Promise<Convenio[]> {
  return db
    .select(columns)
    .from(convenios)
    .innerJoin(obrasSociales, eq(obrasSociales.id, convenios.obraSocialId))
    .where(obraSocialId === undefined ? undefined : eq(convenios.obraSocialId, obraSocialId))
    .orderBy(asc(obrasSociales.nombre), asc(convenios.vigenteDesde));
}

export async function findById(db: DbOrTx, id: number): Promise<Convenio | undefined> {
  const [row] = await db
    .select(columns)
    .from(convenios)
    .innerJoin(obrasSociales, eq(obrasSociales.id, convenios.obraSocialId))
    .where(eq(convenios.id, id));
  return row;
}

/**
 * Holds the insurer's contracts until the transaction ends (its row locked),
 * so two saves cannot both find no overlap and then both write.
 */
export async function lockObraSocial(db: DbOrTx, obraSocialId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ${obrasSociales} where id = ${obraSocialId} for update`,
  );
  return rows.length > 0;
}

/** The insurer's contract (other than `exceptId`) in force on some day of [desde, hasta], if any. */
export async function findOverlapping(
  db: DbOrTx,
  c: { obraSocialId: number; vigenteDesde: string; vigenteHasta: string | null; exceptId?: number },
) {
  const [row] = await queryRows<{ nombre: string; vigente_desde: string; vigente_hasta: string | null }>(
    db,
    sql`select nombre, vigente_desde::text, vigente_hasta::text from ${convenios}
        where obra_social_id = ${c.obraSocialId} and id <> ${c.exceptId ?? 0}
          and vigente_desde <= coalesce(${c.vigenteHasta}::date, 'infinity'::date)
          and coalesce(vigente_hasta, 'infinity'::date) >= ${c.vigenteDesde}::date
        order by vigente_desde limit 1`,
  );
  return row;
}

/**
 * The first and last day any of the contract's fees is in force (`last`
 * 'infinity' for an open one; both null with no fees), and how many are set in units.
 */
export async function feeBounds(db: DbOrTx, convenioId: number) {
  const [row] = await queryRows<{ first: string | null; last: string | null; in_units: number }>(
    db,
    sql`select min(vigente_desde)::text as first, max(coalesce(vigente_hasta, 'infinity'::date))::text as last,
          count(*) filter (where unidades is not null)::int as in_units
        from ${aranceles} where convenio_id = ${convenioId}`,
  );
  return { first: row?.first ?? null, last: row?.last ?? null, inUnits: Number(row?.in_units ?? 0) };
}

export async function insert(db: DbOrTx, values: ConvenioValues): Promise<number> {
  const [row] = await db.insert(convenios).values(values).returning({ id: convenios.id });
  return row!.id;
}

export async function update(db: DbOrTx, id: number, values: ConvenioValues) {
  await db.update(convenios).set(values).where(eq(convenios.id, id));
}

// ---------------------------------------------------------------------------
// Fees
// ---------------------------------------------------------------------------

/** A page of the fees in force on `fecha`, by code, found by the start of the code or words of the name. */
export async function findArancelesPage(
  db: DbOrTx,
  convenio: { id: number; valorUnidad: number | null },
  query: { fecha: string; codigoPrefix?: string; words?: string[]; pageIndex: number; pageSize: number },
): Promise<ArancelesPage> {
  const where = [
    sql`a.convenio_id = ${convenio.id}`,
    sql`a.vigente_desde <= ${query.fecha}::date`,
    sql`coalesce(a.vigente_hasta, 'infinity'::date) >= ${query.fecha}::date`,
  ];
  if (query.codigoPrefix) where.push(sql`starts_with(c.codigo, ${query.codigoPrefix})`);
  for (const word of query.words ?? []) where.push(sql`c.nombre_busqueda like ${likeContaining(word)}`);
  const from = sql`from ${aranceles} a join ${codigosPrestacion} c on c.id = a.codigo_id where ${sql.join(where, sql` and `)}`;
  const [rows, [count]] = await Promise.all([
    queryRows<{
      id: number;
      codigo: string;
      nombre: string;
      importe: number | null;
      unidades: number | null;
      vigente_desde: string;
      vigente_hasta: string | null;
    }>(
      db,
      sql`select a.id, c.codigo, c.nombre, a.importe, a.unidades, a.vigente_desde::text, a.vigente_hasta::text
          ${from} order by c.codigo limit ${query.pageSize} offset ${query.pageIndex * query.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`),
  ]);
  return {
    rowCount: Number(count?.n ?? 0),
    rows: rows.map(
      (r): Arancel => ({
        id: r.id,
        codigo: r.codigo,
        nombre: r.nombre,
        importe: r.importe,
        unidades: r.unidades,
        valor: r.importe ?? valorDeUnidades(r.unidades ?? 0, convenio.valorUnidad ?? 0),
        vigenteDesde: r.vigente_desde,
        vigenteHasta: r.vigente_hasta,
      }),
    ),
  };
}
