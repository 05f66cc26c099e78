import type { CodigoDebito, DebitoOs, DecisionDebito, ZonaBoca } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

// ---------------------------------------------------------------------------
// The insurer's débitos on a lot's lines: what each line of the lot billed,
// the débitos written, who bears each, and a line billed again.
// ---------------------------------------------------------------------------

/** A line of the lot as a débito names it: what it billed, its visit, its dentist, its tooth. */
export interface LineaFacturada {
  lineaId: number;
  codigoValidacion: string;
  codigo: string;
  facturado: number;
  profesionalId: number;
  afiliadoId: number;
  pieza: number | null;
  fecha: string;
}

export async function findLote(db: DbOrTx, id: number) {
  const [row] = await queryRows<{ id: number; numero_factura: string; plazo_refacturacion_dias: number }>(
    db,
    sql`select lo.id, lo.numero_factura, cv.plazo_refacturacion_dias
        from lotes lo join convenios cv on cv.id = lo.convenio_id where lo.id = ${id}`,
  );
  return row;
}

/** Every line the lot billed, with what it billed (a line and its give-back add up). */
export async function findLineasFacturadas(db: DbOrTx, loteId: number): Promise<LineaFacturada[]> {
  return queryRows<LineaFacturada>(
    db,
    sql`select l.id as "lineaId", at.codigo_validacion as "codigoValidacion", c.codigo, sum(i.neto)::int as facturado,
          l.profesional_id as "profesionalId", l.afiliado_id as "afiliadoId", l.pieza, l.fecha::text as fecha
        from liquidacion_items i
        join lineas l on l.id = i.linea_id
        join atenciones at on at.id = l.atencion_id
        join codigos_prestacion c on c.id = l.codigo_id
        where i.lote_id = ${loteId}
        group by l.id, at.codigo_validacion, c.codigo`,
  );
}

export async function lineasYaDebitadas(db: DbOrTx, loteId: number): Promise<Set<number>> {
  const rows = await queryRows<{ linea_id: number }>(
    db,
    sql`select linea_id from debitos_os where lote_id = ${loteId}`,
  );
  return new Set(rows.map((r) => r.linea_id));
}

/**
 * The dentist whose earlier work on the same tooth another dentist's line redid: the last line of
 * the affiliate on that tooth before it, by someone else, still standing.
 */
export async function findAutorAnterior(db: DbOrTx, l: LineaFacturada): Promise<number | undefined> {
  if (l.pieza === null) return undefined;
  const [row] = await queryRows<{ profesional_id: number }>(
    db,
    sql`select profesional_id from lineas
        where afiliado_id = ${l.afiliadoId} and pieza = ${l.pieza} and id <> ${l.lineaId}
          and fecha <= ${l.fecha}::date and profesional_id <> ${l.profesionalId}
          and estado not in ('anulada','rechazada')
        order by fecha desc, id desc limit 1`,
  );
  return row?.profesional_id;
}

export async function insertDebitos(
  tx: DbOrTx,
  loteId: number,
  archivo: string,
  userId: number,
  rows: readonly {
    lineaId: number;
    importe: number;
    motivo: string;
    codigo: CodigoDebito | null;
    decision: DecisionDebito | null;
    cargoA: number | null;
  }[],
) {
  await tx.execute(
    sql`insert into debitos_os (lote_id, linea_id, importe, motivo, codigo, decision, cargo_a, por_regla, archivo, decidido_by)
        select ${loteId}, v.linea, v.importe, v.motivo, v.codigo, v.decision, v.cargo, v.decision is not null,
          ${archivo}, case when v.decision is not null then ${userId}::int end
        from json_to_recordset(${JSON.stringify(
          rows.map((r) => ({
            linea: r.lineaId,
            importe: r.importe,
            motivo: r.motivo,
            codigo: r.codigo,
            decision: r.decision,
            cargo: r.cargoA,
          })),
        )}::json) as v(linea int, importe int, motivo text, codigo text, decision text, cargo int)`,
  );
  await tx.execute(
    sql`update lineas set estado = 'debitada_os'
        where id in (select linea_id from debitos_os where lote_id = ${loteId}) and estado = 'facturada'`,
  );
}

const DEBITO = sql`
  select d.id, json_build_object('id', lo.id, 'numeroFactura', lo.numero_factura) as lote,
    l.id as "lineaId", at.codigo_validacion as "codigoValidacion", l.fecha::text as fecha, c.codigo, c.nombre,
    l.pieza, nullif(l.caras, '') as caras, l.sector,
    json_build_object('id', p.id, 'nombre', p.nombre) as profesional,
    d.importe, d.motivo, d.codigo as "codigoDebito", d.decision,
    case when q.id is null then null else json_build_object('id', q.id, 'nombre', q.nombre) end as "cargoA",
    d.por_regla as "porRegla",
    exists (select 1 from liquidacion_items i where i.debito_os_id = d.id) as liquidado,
    case when d.decision = 'trasladado' and d.cargo_a = l.profesional_id
      then ((d.created_at at time zone 'America/Argentina/Buenos_Aires')::date + cv.plazo_refacturacion_dias)::text end
      as "refacturarHasta",
    exists (select 1 from lineas r where r.refactura_de = l.id) as refacturada
  from debitos_os d
  join lotes lo on lo.id = d.lote_id
  join convenios cv on cv.id = lo.convenio_id
  join lineas l on l.id = d.linea_id
  join atenciones at on at.id = l.atencion_id
  join codigos_prestacion c on c.id = l.codigo_id
  join profesionales p on p.id = l.profesional_id
  left join profesionales q on q.id = d.cargo_a`;

type DebitoRow = Omit<DebitoOs, 'codigoDebito' | 'sector'> & {
  codigoDebito: string | null;
  sector: string | null;
};
const toDebito = (r: DebitoRow): DebitoOs => ({
  ...r,
  codigoDebito: r.codigoDebito as CodigoDebito | null,
  sector: r.sector as ZonaBoca | null,
});

export async function findDebitos(db: DbOrTx, loteId: number): Promise<DebitoOs[]> {
  const rows = await queryRows<DebitoRow>(db, sql`${DEBITO} where d.lote_id = ${loteId} order by d.id`);
  return rows.map(toDebito);
}

export async function findDebito(db: DbOrTx, loteId: number, id: number): Promise<DebitoOs | undefined> {
  const [row] = await queryRows<DebitoRow>(db, sql`${DEBITO} where d.lote_id = ${loteId} and d.id = ${id}`);
  return row && toDebito(row);
}

export async function decidirDebito(
  tx: DbOrTx,
  id: number,
  v: { decision: DecisionDebito; cargoA: number | null; userId: number },
) {
  await tx.execute(
    sql`update debitos_os set decision = ${v.decision}, cargo_a = ${v.cargoA}, por_regla = false,
          decidido_by = ${v.userId}
        where id = ${id}`,
  );
}

/**
 * Bills a debited line again: a new line of the same visit, code and place for what the insurer
 * debited (the rules judge it at the next closing like any other), the old one marked refacturada.
 */
export async function refacturar(tx: DbOrTx, lineaId: number, importe: number) {
  await tx.execute(
    sql`insert into lineas (atencion_id, afiliado_id, profesional_id, codigo_id, fecha, periodo, pieza, caras, sector,
          autorizacion, adjuntos, importe, coseguro, cargo_os, resultados, refactura_de)
        select atencion_id, afiliado_id, profesional_id, codigo_id, fecha, periodo, pieza, caras, sector,
          autorizacion, adjuntos, ${importe}, 0, ${importe}, resultados, id
        from lineas where id = ${lineaId}`,
  );
  await tx.execute(sql`update lineas set estado = 'refacturada' where id = ${lineaId}`);
}

/** The débito on the line passed on to its own dentist, with the day it came, for a rebilling. */
export async function findDebitoRefacturable(tx: DbOrTx, lineaId: number) {
  const [row] = await queryRows<{
    importe: number;
    desde: string;
    plazo: number;
    estado: string;
    refacturada: boolean;
    afiliadoId: number;
    documento: string;
    codigoValidacion: string;
    codigo: string;
  }>(
    tx,
    sql`select d.importe, (d.created_at at time zone 'America/Argentina/Buenos_Aires')::date::text as desde,
          cv.plazo_refacturacion_dias as plazo, l.estado, l.afiliado_id as "afiliadoId",
          (select documento from afiliados where id = l.afiliado_id) as documento,
          (select codigo_validacion from atenciones where id = l.atencion_id) as "codigoValidacion",
          (select codigo from codigos_prestacion where id = l.codigo_id) as codigo,
          exists (select 1 from lineas r where r.refactura_de = l.id) as refacturada
        from lineas l
        join debitos_os d on d.linea_id = l.id and d.decision = 'trasladado' and d.cargo_a = l.profesional_id
        join lotes lo on lo.id = d.lote_id join convenios cv on cv.id = lo.convenio_id
        where l.id = ${lineaId}
        order by d.id desc limit 1
        for update of l`,
  );
  return row;
}
