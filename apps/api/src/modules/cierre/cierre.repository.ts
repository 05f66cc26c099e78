import {
  type Adjunto,
  type EstadoLinea,
  MAX_CENTAVOS,
  type Muestra,
  type Resultado,
  valorDeUnidades,
  type ZonaBoca,
} from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AutorizacionMotor, CodigoMotor, LineaPrevia } from '../prestaciones/prestaciones-motor.ts';
import type { Desenlace, LineaPresentada } from './cierre-motor.ts';

// ---------------------------------------------------------------------------
// The closing's run: what it reads to judge the month's lines again, and the
// statements that present, settle and bill them. Everything runs inside the
// closing's one transaction.
// ---------------------------------------------------------------------------

/** The invoice numbers' point of sale: lots are numbered 0001-00000001 on, without gaps. */
const PUNTO_DE_VENTA = '0001';

/** Closings run one at a time across every server: the lock is held until the closing commits. */
export async function lockCierres(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('red-dental:cierre'))`);
}

/**
 * What changes what a closing settles (a decision, a reconsideration, a débito, a rebilling)
 * waits for a closing running, and a closing for it: the closing's lock, shared.
 */
export async function lockFueraDelCierre(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('red-dental:cierre'))`);
}

export async function findPeriodoCerrado(db: DbOrTx, periodo: string) {
  const [row] = await queryRows<{ periodo: string }>(
    db,
    sql`select periodo from periodos where periodo = ${periodo}`,
  );
  return row;
}

export async function ultimoPeriodoCerrado(db: DbOrTx): Promise<string | undefined> {
  const [row] = await queryRows<{ periodo: string | null }>(
    db,
    sql`select max(periodo) as periodo from periodos`,
  );
  return row?.periodo ?? undefined;
}

export async function insertPeriodo(
  tx: DbOrTx,
  p: { periodo: string; fechaCierre: string; semilla: number; muestra: Muestra; userId: number },
) {
  await tx.execute(
    sql`insert into periodos (periodo, fecha_cierre, semilla, muestra, cerrado_by, extrapolan)
        values (${p.periodo}, ${p.fechaCierre}, ${p.semilla}, ${JSON.stringify(p.muestra)}::jsonb, ${p.userId},
          (select coalesce(array_agg(id order by id), '{}') from convenios where extrapola_muestra))`,
  );
}

/** The affiliates with validated lines dated up to `fin`, in id order: the closing walks them in slices. */
export async function afiliadosAPresentar(tx: DbOrTx, fin: string): Promise<number[]> {
  const rows = await queryRows<{ afiliado_id: number }>(
    tx,
    sql`select distinct afiliado_id from lineas where estado = 'validada' and fecha <= ${fin}::date order by afiliado_id`,
  );
  return rows.map((r) => r.afiliado_id);
}

/** Of the lines to present, each dentist's insurer's share and affiliates treated: what deviation is measured on. */
export async function aportesPorProfesional(tx: DbOrTx, fin: string) {
  const rows = await queryRows<{ profesional_id: number; cargo_os: string; afiliados: number }>(
    tx,
    sql`select profesional_id, sum(cargo_os)::text as cargo_os, count(distinct afiliado_id)::int as afiliados
        from lineas where estado = 'validada' and fecha <= ${fin}::date group by profesional_id`,
  );
  return new Map(
    rows.map((r) => [r.profesional_id, { cargoOs: Number(r.cargo_os), afiliados: r.afiliados }] as const),
  );
}

/** Every code with its groups: the whole table is small, and every line names one. */
export async function findCodigosMotor(tx: DbOrTx): Promise<Map<string, CodigoMotor>> {
  const rows = await queryRows<CodigoMotor>(
    tx,
    sql`select c.codigo, c.nombre, c.capitulo, c.area, c.caras_min as "carasMin", c.caras_max as "carasMax",
          c.denticion, coalesce((select array_agg(g.nombre order by g.nombre) from grupos_codigos_items i
                                  join grupos_codigos g on g.id = i.grupo_id where i.codigo_id = c.id), '{}') as grupos
        from codigos_prestacion c`,
  );
  return new Map(rows.map((c) => [c.codigo, c]));
}

export interface ConvenioCierre {
  requiereToken: boolean;
  tokenBloquea: boolean;
  plazoUrgenciaDias: number;
  plazoPresentacionDias: number;
}

export async function findConvenios(tx: DbOrTx): Promise<Map<number, ConvenioCierre>> {
  const rows = await queryRows<ConvenioCierre & { id: number }>(
    tx,
    sql`select id, requiere_token as "requiereToken", token_bloquea as "tokenBloquea",
          plazo_urgencia_dias as "plazoUrgenciaDias", plazo_presentacion_dias as "plazoPresentacionDias"
        from convenios`,
  );
  return new Map(rows.map((c) => [c.id, c]));
}

/** Each contract's fees by code, every dated version: the closing reads the one of each line's date. */
export type Aranceles = Map<
  number,
  Map<string, { desde: string; hasta: string | null; importe: number | null }[]>
>;

export async function findAranceles(tx: DbOrTx): Promise<Aranceles> {
  const rows = await queryRows<{
    convenio_id: number;
    codigo: string;
    desde: string;
    hasta: string | null;
    importe: number | null;
    unidades: number | null;
    valor: number | null;
  }>(
    tx,
    sql`select a.convenio_id, c.codigo, a.vigente_desde::text as desde, a.vigente_hasta::text as hasta,
          a.importe, a.unidades, cv.valor_unidad as valor
        from aranceles a join codigos_prestacion c on c.id = a.codigo_id join convenios cv on cv.id = a.convenio_id`,
  );
  const out: Aranceles = new Map();
  for (const r of rows) {
    const importe =
      r.importe ?? (r.unidades !== null && r.valor !== null ? valorDeUnidades(r.unidades, r.valor) : null);
    const porCodigo = out.get(r.convenio_id) ?? new Map();
    out.set(r.convenio_id, porCodigo);
    const versiones = porCodigo.get(r.codigo) ?? [];
    porCodigo.set(r.codigo, versiones);
    versiones.push({
      desde: r.desde,
      hasta: r.hasta,
      importe: importe !== null && importe <= MAX_CENTAVOS ? importe : null,
    });
  }
  return out;
}

/** The fee of a code under a contract on a date, as the chair reads it. */
export function arancelEn(aranceles: Aranceles, convenioId: number, codigo: string, fecha: string) {
  const v = aranceles
    .get(convenioId)
    ?.get(codigo)
    ?.find((a) => a.desde <= fecha && (a.hasta === null || a.hasta >= fecha));
  return v?.importe ?? undefined;
}

export interface AfiliadoCierre {
  id: number;
  fechaNacimiento: string | null;
  fechaAlta: string | null;
  fechaBaja: string | null;
}

/** A line of an affiliate's history, and for the ones to present, what the visit said of it. */
export interface LineaDelTramo extends LineaPrevia {
  id: number;
  afiliadoId: number;
  presentar: boolean;
  periodo: string;
  convenioId: number;
  planId: number;
  planNombre: string;
  reglasVersion: number;
  canal: 'normal' | 'urgencia';
  tokenProbado: boolean;
  autorizacion: string | null;
  adjuntos: Adjunto[];
  importe: number;
  coseguro: number;
  cargoOs: number;
  resultados: Resultado[];
  regularizarAntes: string | null;
  /** The debited line this one bills again. */
  refacturaDe: number | null;
}

const ZONE = 'America/Argentina/Buenos_Aires';

/**
 * One slice of affiliates: who they are on the closing's day, every line the
 * network holds of them in the order it was recorded, and the authorization
 * item each line to present used.
 */
export async function findTramo(tx: DbOrTx, afiliadoIds: readonly number[], fin: string) {
  const ids = JSON.stringify(afiliadoIds);
  const afiliados = await queryRows<AfiliadoCierre>(
    tx,
    sql`select a.id, a.fecha_nacimiento::text as "fechaNacimiento", a.fecha_alta::text as "fechaAlta",
          (a.baja_at at time zone ${ZONE})::date::text as "fechaBaja"
        from afiliados a where a.id in (select value::int from json_array_elements_text(${ids}::json))`,
  );
  const lineas = await queryRows<LineaDelTramo & { estado: EstadoLinea; sector: ZonaBoca | null }>(
    tx,
    sql`select l.id, l.afiliado_id as "afiliadoId", c.codigo, l.pieza, l.caras, l.sector, l.fecha::text as fecha,
          l.profesional_id as "profesionalId", l.estado,
          l.estado = 'validada' and l.fecha <= ${fin}::date as presentar,
          l.periodo, at.convenio_id as "convenioId", at.plan_id as "planId", pl.nombre as "planNombre",
          pl.reglas_version as "reglasVersion", at.canal, at.token_probado as "tokenProbado",
          l.autorizacion, l.adjuntos, l.importe, l.coseguro, l.cargo_os as "cargoOs", l.resultados,
          l.regularizar_antes::text as "regularizarAntes", l.refactura_de as "refacturaDe"
        from lineas l
        join codigos_prestacion c on c.id = l.codigo_id
        join atenciones at on at.id = l.atencion_id
        join planes pl on pl.id = at.plan_id
        where l.afiliado_id in (select value::int from json_array_elements_text(${ids}::json))
        order by l.afiliado_id, l.id`,
  );
  const items = await queryRows<AutorizacionMotor & { lineaId: number }>(
    tx,
    sql`select i.linea_id as "lineaId", a.numero, i.id as "itemId", c.codigo, i.pieza, i.caras, i.sector,
          case when a.estado = 'consumida' then 'aprobada' else a.estado end as estado,
          i.estado as item, false as consumido, a.vence_el::text as "venceEl",
          (a.decidida_at at time zone ${ZONE})::date::text as "aprobadaEl"
        from autorizacion_items i
        join autorizaciones a on a.id = i.autorizacion_id
        join codigos_prestacion c on c.id = i.codigo_id
        where a.afiliado_id in (select value::int from json_array_elements_text(${ids}::json))
          and i.linea_id is not null`,
  );
  return {
    afiliados: new Map(afiliados.map((a) => [a.id, a])),
    lineas: lineas.map((l) => ({ ...l, reglasVersion: Number(l.reglasVersion) })),
    autorizaciones: new Map(items.map((i) => [i.lineaId, i])),
  };
}

/** Writes what the closing made of a slice's lines, and the alarms it raised. */
export async function guardarDesenlaces(
  tx: DbOrTx,
  periodo: string,
  desenlaces: readonly (Desenlace & { id: number })[],
) {
  if (desenlaces.length === 0) return;
  const filas = JSON.stringify(
    desenlaces.map((d) => ({
      id: d.id,
      estado: d.estado,
      aprobado: d.importeAprobado,
      motivo: d.motivo,
      texto: d.motivoText,
      muestra: d.muestra,
    })),
  );
  await tx.execute(
    sql`update lineas l set estado = v.estado, cierre = ${periodo}, importe_aprobado = v.aprobado,
          motivo = v.motivo, motivo_text = v.texto, muestra = v.muestra
        from json_to_recordset(${filas}::json)
          as v(id int, estado text, aprobado int, motivo text, texto text, muestra text)
        where l.id = v.id and l.estado = 'validada'`,
  );
  const alarmas = desenlaces.flatMap((d) =>
    d.alarmas.map((a) => ({ linea: d.id, codigo: a.codigo, mensaje: a.mensaje })),
  );
  if (alarmas.length > 0)
    await tx.execute(
      sql`insert into alarmas_cierre (periodo, linea_id, codigo, mensaje)
          select ${periodo}, v.linea, v.codigo, v.mensaje
          from json_to_recordset(${JSON.stringify(alarmas)}::json) as v(linea int, codigo text, mensaje text)`,
    );
}

export type { LineaPresentada };

/**
 * What the closing settles: every decided line not settled yet (whatever its
 * month: the sample's lines decided since the last closing come now), what a
 * reconsideration approved beyond what its line was paid, the insurers'
 * débitos passed on to a dentist, and, where the contract extrapolates its
 * sample, the share the auditors debited of a dentist's random sample of a
 * month (once every line of it is decided) taken from each of her lines of
 * that month approved unseen; each with the contract that bills it.
 */
const POR_LIQUIDAR = sql`
  select l.id as linea_id, l.profesional_id, 'prestacion' as tipo, l.importe, l.coseguro,
    l.cargo_os - l.importe_aprobado as debito, l.importe_aprobado as neto, l.motivo, l.motivo_text, l.nota,
    null::int as debito_os_id, l.atencion_id
  from lineas l
  where l.estado in ('aprobada','aprobada_parcial','rechazada')
    and not exists (select 1 from liquidacion_items i where i.linea_id = l.id and i.tipo = 'prestacion')
  union all
  select l.id, l.profesional_id, 'reintegro', 0, 0, i.neto - l.importe_aprobado, l.importe_aprobado - i.neto,
    null, null, l.nota, null, l.atencion_id
  from lineas l join liquidacion_items i on i.linea_id = l.id and i.tipo = 'prestacion'
  where l.estado in ('aprobada','aprobada_parcial') and l.importe_aprobado > i.neto
    and not exists (select 1 from liquidacion_items r where r.linea_id = l.id and r.tipo = 'reintegro')
  union all
  select d.linea_id, d.cargo_a, 'debito_os', 0, 0, d.importe, -d.importe, d.codigo, d.motivo, null, d.id, l.atencion_id
  from debitos_os d join lineas l on l.id = d.linea_id
  where d.decision = 'trasladado'
    and not exists (select 1 from liquidacion_items i where i.debito_os_id = d.id)
  union all
  select l.id, l.profesional_id, 'extrapolacion', 0, 0, x.debito, -x.debito, null,
    'Muestra de ' || to_char(to_date(m.cierre, 'YYYY-MM'), 'MM/YYYY') || ': la auditoría debitó el '
      || replace(to_char(round(100 * m.debitado / m.base, 1), 'FM990.0'), '.', ',') || ' % de lo muestreado',
    null, null, l.atencion_id
  from muestras_decididas m
  join lineas l on l.cierre = m.cierre and l.profesional_id = m.profesional_id and l.muestra is null
    and l.motivo is null and l.estado in ('aprobada','facturada','liquidada')
  join atenciones la on la.id = l.atencion_id and la.convenio_id = m.convenio_id
  cross join lateral (select round(l.cargo_os * m.debitado / m.base)::int as debito) x
  where m.debitado > 0 and x.debito > 0
    and not exists (select 1 from liquidacion_items i where i.linea_id = l.id and i.tipo = 'extrapolacion')`;

/**
 * Each dentist's settlement of the period with its items, and each
 * contract's lot of what is to be billed, numbered after the last invoice;
 * the lines billed become facturada. What is settled is read once into a
 * table of the transaction's own (analyzed, so the statements after it plan
 * on its real size, not on the state the lines had before the closing).
 */
export async function liquidarYFacturar(tx: DbOrTx, periodo: string, fechaCierre: string) {
  // The random samples, of months whose contract extrapolated them when they closed, that are
  // decided now and were not extrapolated yet: per month, dentist and contract, what was sampled
  // and what the auditors debited of it.
  await tx.execute(
    sql`create temp table muestras_decididas on commit drop as
        select s.cierre, s.profesional_id, sa.convenio_id, sum(s.cargo_os)::numeric as base,
          sum(s.cargo_os - coalesce(s.importe_aprobado, 0))::numeric as debitado
        from lineas s
        join atenciones sa on sa.id = s.atencion_id
        join periodos pe on pe.periodo = s.cierre and sa.convenio_id = any(pe.extrapolan)
        where s.muestra = 'azar'
          and not exists (select 1 from extrapolaciones e
                          where e.periodo = s.cierre and e.profesional_id = s.profesional_id
                            and e.convenio_id = sa.convenio_id)
        group by s.cierre, s.profesional_id, sa.convenio_id
        having bool_and(s.estado not in ('presentada','observada','reconsideracion')) and sum(s.cargo_os) > 0`,
  );
  await tx.execute(
    sql`create temp table por_liquidar on commit drop as
        select p.*, at.convenio_id, at.obra_social_id,
          p.tipo in ('prestacion','reintegro') and p.neto > 0 as factura
        from (${POR_LIQUIDAR}) p join atenciones at on at.id = p.atencion_id`,
  );
  await tx.execute(sql`analyze por_liquidar`);
  await tx.execute(
    sql`insert into liquidaciones (periodo, profesional_id, lineas, bruto, coseguros, debitos, neto, emitida_el)
        select ${periodo}, p.profesional_id, count(distinct p.linea_id) filter (where p.tipo in ('prestacion','reintegro')),
          sum(p.importe), sum(p.coseguro), sum(p.debito), sum(p.neto), ${fechaCierre}::date
        from por_liquidar p group by p.profesional_id`,
  );
  await tx.execute(
    sql`insert into lotes (periodo, convenio_id, obra_social_id, numero_factura, lineas, total, presentar_antes)
        select ${periodo}, x.convenio_id, x.obra_social_id,
          ${PUNTO_DE_VENTA} || '-' || lpad((n.ultimo + row_number() over (order by x.convenio_id))::text, 8, '0'),
          x.lineas, x.total,
          make_date(extract(year from s.mes)::int, extract(month from s.mes)::int, cv.dia_cierre)
        from (select convenio_id, obra_social_id, count(distinct linea_id)::int as lineas, sum(neto) as total
              from por_liquidar where factura group by convenio_id, obra_social_id) x
        join convenios cv on cv.id = x.convenio_id
        cross join (select (to_date(${periodo}, 'YYYY-MM') + interval '1 month')::date as mes) s
        cross join (select coalesce(max(split_part(numero_factura, '-', 2)::int), 0) as ultimo from lotes) n`,
  );
  await tx.execute(
    sql`insert into liquidacion_items (liquidacion_id, linea_id, tipo, importe, coseguro, debito, neto, motivo, motivo_text,
          nota, debito_os_id, lote_id)
        select q.id, p.linea_id, p.tipo, p.importe, p.coseguro, p.debito, p.neto, p.motivo, p.motivo_text, p.nota,
          p.debito_os_id, lo.id
        from por_liquidar p
        join liquidaciones q on q.periodo = ${periodo} and q.profesional_id = p.profesional_id
        left join lotes lo on p.factura and lo.periodo = ${periodo} and lo.convenio_id = p.convenio_id
        order by p.profesional_id, p.linea_id, p.tipo, p.debito_os_id`,
  );
  await tx.execute(
    sql`insert into extrapolaciones (periodo, profesional_id, convenio_id, muestreado, debitado, en)
        select cierre, profesional_id, convenio_id, base, debitado, ${periodo} from muestras_decididas`,
  );
  await tx.execute(
    sql`update lineas l set estado = 'facturada'
        from por_liquidar p
        where p.factura and l.id = p.linea_id and l.estado in ('aprobada','aprobada_parcial')`,
  );
}
