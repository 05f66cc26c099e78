import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { copyCsvOut, copyDay, copyText } from '../../db/copy-out.ts';
import type { LineaDeLote } from './lotes-fhir.ts';

// ---------------------------------------------------------------------------
// A lot's detail read out: its header, its lines in keyset batches, and the
// same lines written as CSV by PostgreSQL's COPY.
// ---------------------------------------------------------------------------

const BATCH = 5_000;

/** The lot's header, as every format names it. */
export interface LoteCabecera {
  id: number;
  periodo: string;
  numeroFactura: string;
  obraSocial: { id: number; nombre: string };
  convenio: string;
}

export async function findLoteCabecera(db: Db, id: number): Promise<LoteCabecera | undefined> {
  const [row] = await queryRows<LoteCabecera>(
    db,
    sql`select lo.id, lo.periodo, lo.numero_factura as "numeroFactura",
          json_build_object('id', os.id, 'nombre', os.nombre) as "obraSocial", cv.nombre as convenio
        from lotes lo join obras_sociales os on os.id = lo.obra_social_id join convenios cv on cv.id = lo.convenio_id
        where lo.id = ${id}`,
  );
  return row;
}

/** The lot's lines with everything a row of any format needs, in the order of the item's id. */
const LINEAS = (loteId: number) => sql`
  select i.id, l.id as "lineaId", at.id as "atencionId", at.codigo_validacion as "codigoValidacion", l.fecha::text as fecha,
    a.id as "afiliadoId", a.documento, a.nombre as afiliado, a.numero_afiliado as "numeroAfiliado", pl.codigo as plan,
    c.codigo, c.nombre, l.pieza, l.caras, l.sector, p.id as "profesionalId", p.nombre as profesional,
    p.matricula, i.tipo, l.importe, l.coseguro, i.neto
  from liquidacion_items i
  join lineas l on l.id = i.linea_id
  join atenciones at on at.id = l.atencion_id
  join afiliados a on a.id = l.afiliado_id
  join planes pl on pl.id = at.plan_id
  join codigos_prestacion c on c.id = l.codigo_id
  join profesionales p on p.id = l.profesional_id
  where i.lote_id = ${loteId}`;

/** Every line of the lot, in keyset batches of the item's id: short statements, no cursor held. */
export async function* batches(db: Db, loteId: number): AsyncGenerator<LineaDeLote[]> {
  let after = 0;
  while (true) {
    const rows = await queryRows<LineaDeLote>(
      db,
      sql`${LINEAS(loteId)} and i.id > ${after} order by i.id limit ${BATCH}`,
    );
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.id;
    if (rows.length < BATCH) return;
  }
}

/** An amount in centavos as the lot's CSV writes it ('12345,67'), by the database. */
const copyPesos = (centavos: ReturnType<typeof sql>) =>
  sql`(${centavos} / 100)::text || ',' || lpad((${centavos} % 100)::text, 2, '0')`;

/** The same rows as `COLUMNS` writes them, by PostgreSQL's COPY (null on the embedded database). */
export function copyLote(db: Db, c: LoteCabecera, separator: ',' | ';') {
  return copyCsvOut(
    db,
    // Codes, dates and numbers of the network's own writing go out as they are; only names typed by
    // people are guarded against a spreadsheet reading them as formulas.
    sql`select ${c.numeroFactura}::text, ${c.periodo}::text, at.codigo_validacion, ${copyDay(sql`l.fecha`)},
          ${copyText(sql`a.numero_afiliado`)}, a.documento, ${copyText(sql`a.nombre`)}, ${copyText(sql`pl.codigo`)},
          c.codigo, ${copyText(sql`c.nombre`)}, coalesce(l.sector, l.pieza::text), nullif(l.caras, ''),
          ${copyText(sql`p.nombre`)}, ${copyText(sql`p.matricula`)},
          case when i.tipo = 'reintegro' then 'Reconsideración' else 'Prestación' end,
          ${copyPesos(sql`l.importe`)}, ${copyPesos(sql`l.coseguro`)}, ${copyPesos(sql`i.neto`)}
        from liquidacion_items i
        join lineas l on l.id = i.linea_id
        join atenciones at on at.id = l.atencion_id
        join afiliados a on a.id = l.afiliado_id
        join planes pl on pl.id = at.plan_id
        join codigos_prestacion c on c.id = l.codigo_id
        join profesionales p on p.id = l.profesional_id
        where i.lote_id = ${c.id}
        order by i.id`,
    separator,
  );
}
