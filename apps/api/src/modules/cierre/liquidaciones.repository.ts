import type {
  CodigoDebito,
  EstadoLinea,
  LiquidacionFila,
  LiquidacionItem,
  Lote,
  TipoItem,
  ZonaBoca,
} from '@red-dental/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

// ---------------------------------------------------------------------------
// Each dentist's settlements and each insurer's lots, as the closing fixed
// them, with the day each was paid.
// ---------------------------------------------------------------------------

/** Days from `desde` to the payment, or to `hoy` while unpaid. */
const diasAPagar = (desde: SQL, pagado: SQL, hoy: string) =>
  sql`(coalesce(${pagado}, ${hoy}::date) - ${desde})::int`;

const FILA = (hoy: string) => sql`
  select q.id, q.periodo, json_build_object('id', p.id, 'nombre', p.nombre) as profesional,
    q.lineas, q.bruto::float8 as bruto, q.coseguros::float8 as coseguros, q.debitos::float8 as debitos,
    q.neto::float8 as neto, q.emitida_el::text as "emitidaEl",
    q.pagada_el::text as "pagadaEl", ${diasAPagar(sql`q.emitida_el`, sql`q.pagada_el`, hoy)} as "diasAPagar"
  from liquidaciones q join profesionales p on p.id = q.profesional_id`;

export async function findLiquidaciones(
  db: DbOrTx,
  q: { periodo?: string; profesionalId?: number; hoy: string },
): Promise<LiquidacionFila[]> {
  const where = [
    q.periodo ? sql`q.periodo = ${q.periodo}` : undefined,
    q.profesionalId ? sql`q.profesional_id = ${q.profesionalId}` : undefined,
  ].filter((w): w is SQL => w !== undefined);
  return queryRows<LiquidacionFila>(
    db,
    sql`${FILA(q.hoy)} ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by q.periodo desc, p.nombre, q.id`,
  );
}

export async function findLiquidacion(db: DbOrTx, id: number, hoy: string) {
  const [fila] = await queryRows<LiquidacionFila>(db, sql`${FILA(hoy)} where q.id = ${id}`);
  if (!fila) return undefined;
  const items = await queryRows<
    Omit<LiquidacionItem, 'caras' | 'sector' | 'motivo' | 'tipo' | 'estado'> & {
      caras: string;
      sector: string | null;
      motivo: string | null;
      tipo: string;
      estado: string;
    }
  >(
    db,
    sql`select i.id, i.linea_id as "lineaId", at.codigo_validacion as "codigoValidacion", l.fecha::text as fecha,
          c.codigo, c.nombre, l.pieza, l.caras, l.sector, a.nombre as afiliado, i.tipo, i.importe, i.coseguro,
          i.debito, i.motivo, i.motivo_text as "motivoText", i.nota, i.neto, l.estado,
          exists (select 1 from decisiones d where d.linea_id = l.id and d.decision = 'reconsideracion')
            as reconsiderada
        from liquidacion_items i
        join lineas l on l.id = i.linea_id
        join atenciones at on at.id = l.atencion_id
        join codigos_prestacion c on c.id = l.codigo_id
        join afiliados a on a.id = l.afiliado_id
        where i.liquidacion_id = ${id}
        order by l.fecha, l.id, i.id`,
  );
  return {
    ...fila,
    items: items.map((i) => ({
      ...i,
      caras: i.caras || null,
      sector: i.sector as ZonaBoca | null,
      motivo: i.motivo as CodigoDebito | null,
      tipo: i.tipo as TipoItem,
      estado: i.estado as EstadoLinea,
    })),
  };
}

export async function findLotes(db: DbOrTx, q: { periodo?: string; hoy: string }): Promise<Lote[]> {
  return queryRows<Lote>(
    db,
    sql`select lo.id, lo.periodo, json_build_object('id', os.id, 'nombre', os.nombre) as "obraSocial",
          json_build_object('id', cv.id, 'nombre', cv.nombre) as convenio, lo.numero_factura as "numeroFactura",
          lo.lineas, lo.total::float8 as total, lo.presentar_antes::text as "presentarAntes", lo.pagado_el::text as "pagadoEl",
          ${diasAPagar(sql`(select fecha_cierre from periodos where periodo = lo.periodo)`, sql`lo.pagado_el`, q.hoy)} as "diasAPagar"
        from lotes lo join obras_sociales os on os.id = lo.obra_social_id join convenios cv on cv.id = lo.convenio_id
        ${q.periodo ? sql`where lo.periodo = ${q.periodo}` : sql``}
        order by lo.periodo desc, lo.numero_factura`,
  );
}

/** Records the day a settlement was paid; undefined when there is no such settlement. */
export async function pagarLiquidacion(db: DbOrTx, id: number, pagadaEl: string) {
  const [row] = await queryRows<{ emitida_el: string }>(
    db,
    sql`update liquidaciones set pagada_el = ${pagadaEl} where id = ${id} returning emitida_el::text`,
  );
  return row;
}

export async function findLiquidacionEmitida(db: DbOrTx, id: number) {
  const [row] = await queryRows<{ emitida_el: string; profesional_id: number; periodo: string }>(
    db,
    sql`select emitida_el::text, profesional_id, periodo from liquidaciones where id = ${id}`,
  );
  return row;
}

export async function findLoteCerrado(db: DbOrTx, id: number) {
  const [row] = await queryRows<{ fecha_cierre: string; numero_factura: string }>(
    db,
    sql`select p.fecha_cierre::text, lo.numero_factura from lotes lo join periodos p on p.periodo = lo.periodo
        where lo.id = ${id}`,
  );
  return row;
}

export async function pagarLote(db: DbOrTx, id: number, pagadoEl: string) {
  await db.execute(sql`update lotes set pagado_el = ${pagadoEl} where id = ${id}`);
}

// ---------------------------------------------------------------------------
// Each settlement's statement, published to its dentist once.
// ---------------------------------------------------------------------------

/** Settlements whose statement is not published yet, after `desdeId`, the oldest first. */
export async function sinPublicar(db: DbOrTx, desdeId: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from liquidaciones where publicada_at is null and id > ${desdeId} order by id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Takes a settlement to publish its statement in this transaction: false when
 * it is published already or another server is publishing it right now.
 */
export async function tomarParaPublicar(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from liquidaciones where id = ${id} and publicada_at is null for update skip locked`,
  );
  return rows.length > 0;
}

export async function marcarPublicada(tx: DbOrTx, id: number, notificacionId: number) {
  await tx.execute(
    sql`update liquidaciones set publicada_at = now(), notificacion_id = ${notificacionId} where id = ${id}`,
  );
}

/** Whether the settlement's statement is still to be published. */
export async function sinPublicarAun(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from liquidaciones where id = ${id} and publicada_at is null`,
  );
  return rows.length > 0;
}

/** The statement's notification, and when the settlement's dentist opened it (null: not yet). */
export async function estadoDeCuenta(db: DbOrTx, id: number) {
  const [row] = await queryRows<{
    notificacionId: number;
    fileKey: string;
    fileName: string;
    publicadoAt: Date | string;
    leidoAt: Date | string | null;
  }>(
    db,
    sql`select n.id as "notificacionId", n.file_key as "fileKey", n.file_name as "fileName",
          q.publicada_at as "publicadoAt", d.read_at as "leidoAt"
        from liquidaciones q
        join notificaciones n on n.id = q.notificacion_id
        join profesionales p on p.id = q.profesional_id
        left join notificacion_destinatarios d on d.notificacion_id = n.id and d.user_id = p.user_id
        where q.id = ${id}`,
  );
  return row;
}
