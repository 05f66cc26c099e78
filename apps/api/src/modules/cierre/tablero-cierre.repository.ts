import { MESES_CIERRE_TABLERO, type TableroCierre } from '@red-dental/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

// ---------------------------------------------------------------------------
// The closings as the dashboard reads them: over the last closed months, each
// figure one statement over what the closings fixed (each month's figures
// per insurer and its débitos by reason, written by the closing) and what
// changes after it (the lots' payments and the insurers' débitos, the
// settlements' payments, the alarms): a few rows a month, never its lines.
// ---------------------------------------------------------------------------

/** The last closed months, the dashboard's window. */
const ULTIMOS = sql`select periodo from periodos order by periodo desc limit ${MESES_CIERRE_TABLERO}`;

type Periodo = TableroCierre['periodos'][number];
export type MontosObraSocial = Periodo['porObraSocial'][number] & { periodo: string };

/**
 * Per month and insurer (the one of the line's visit, or the lot's), in centavos:
 * - presented: the fee of every line the month's closing presented (`lineas.cierre`), approved by
 *   the rules, debited, or sent to an auditor, whatever became of it since: each line counts once,
 *   in the closing that presented it, as the month's page counts it;
 * - approved: what the month's lots billed (the insurer's share of the lines approved and settled
 *   at that closing, the sample's lines decided since the one before among them, and what
 *   reconsiderations gave back);
 * - debited by the network: every débito of the month's settlements but the insurer's passed on
 *   to a dentist (lines debited whole or in part), less what reconsiderations gave back;
 * - debited by the insurer: its débitos on the month's lots, whoever bears them.
 */
export async function montosPorObraSocial(db: DbOrTx): Promise<MontosObraSocial[]> {
  return queryRows<MontosObraSocial>(
    db,
    sql`with p as (${ULTIMOS}),
        m as (
          select c.periodo, c.obra_social_id, c.presentado, 0 as aprobado, c.debitado_red, 0 as debitado_os
          from cierre_cifras c where c.periodo in (select periodo from p)
          union all
          select lo.periodo, lo.obra_social_id, 0, sum(lo.total), 0, 0
          from lotes lo where lo.periodo in (select periodo from p)
          group by lo.periodo, lo.obra_social_id
          union all
          select lo.periodo, lo.obra_social_id, 0, 0, 0, sum(d.importe)
          from lotes lo join debitos_os d on d.lote_id = lo.id
          where lo.periodo in (select periodo from p)
          group by lo.periodo, lo.obra_social_id)
        select m.periodo, m.obra_social_id as "obraSocialId", os.nombre,
          sum(m.presentado)::float8 as presentado, sum(m.aprobado)::float8 as aprobado,
          sum(m.debitado_red)::float8 as "debitadoRed", sum(m.debitado_os)::float8 as "debitadoObraSocial"
        from m join obras_sociales os on os.id = m.obra_social_id
        group by m.periodo, m.obra_social_id, os.nombre
        order by m.periodo desc, os.nombre, m.obra_social_id`,
  );
}

/** The days from `desde` to the payment `pagado`, of the paid ones and, to `hoy`, of the unpaid ones. */
const diasDePago = (desde: SQL, pagado: SQL, hoy: string) => sql`
  json_build_object(
    'pagados', count(${pagado}),
    'promedioDias', round(avg(${pagado} - ${desde}), 1)::float8,
    'maximoDias', max(${pagado} - ${desde}),
    'pendientes', count(*) filter (where ${pagado} is null),
    'pendienteDias', max(${hoy}::date - ${desde}) filter (where ${pagado} is null))`;

/**
 * Per month, the newest first: the lines its closing presented and those it approved by the rules
 * alone, the alarms it raised, and the days to pay each dentist's settlement (from its issue) and
 * to collect each lot (from the closing); the unpaid ones count as pending, with their days to
 * `hoy`. A line approved automatically is one the closing sent to no auditor (no sample reason)
 * and settled there and then without a débito reason: the settlement's item stays as the closing
 * wrote it, so what happens to the line later (an insurer's débito, a reconsideration of a line
 * the rules debited) does not move it.
 */
export async function figurasPorPeriodo(db: DbOrTx, hoy: string): Promise<Omit<Periodo, 'porObraSocial'>[]> {
  return queryRows<Omit<Periodo, 'porObraSocial'>>(
    db,
    sql`select p.periodo, n.lineas, n.automaticas as "aprobadasAutomaticamente",
          (select count(*)::int from alarmas_cierre a where a.periodo = p.periodo) as alarmas,
          (select ${diasDePago(sql`q.emitida_el`, sql`q.pagada_el`, hoy)}
           from liquidaciones q where q.periodo = p.periodo) as "pagoProfesionales",
          (select ${diasDePago(sql`c.fecha_cierre`, sql`lo.pagado_el`, hoy)}
           from lotes lo join periodos c on c.periodo = lo.periodo
           where lo.periodo = p.periodo) as "cobroObrasSociales"
        from (${ULTIMOS}) p
        cross join lateral (
          select coalesce(sum(c.lineas), 0)::int as lineas, coalesce(sum(c.automaticas), 0)::int as automaticas
          from cierre_cifras c where c.periodo = p.periodo) n
        order by p.periodo desc`,
  );
}

export type MotivoDebito = Omit<TableroCierre['motivos'][number], 'texto'>;

/**
 * The débitos of the last closed months by reason: the network's, as their settlements wrote them
 * (what each was taken off, before any reconsideration gave part back), and the insurers', on those
 * months' lots; by D code, those without one together.
 */
export async function motivosDeDebito(db: DbOrTx): Promise<MotivoDebito[]> {
  return queryRows<MotivoDebito>(
    db,
    sql`with p as (${ULTIMOS})
        select case when c.extrapolacion then 'muestra' else 'red' end as origen, c.motivo as codigo,
          sum(c.cantidad)::int as cantidad, sum(c.importe)::float8 as importe
        from cierre_motivos c
        where c.periodo in (select periodo from p)
        group by c.extrapolacion, c.motivo
        union all
        select 'obra_social', d.codigo, count(*)::int, sum(d.importe)::float8
        from lotes lo join debitos_os d on d.lote_id = lo.id
        where lo.periodo in (select periodo from p)
        group by d.codigo
        order by importe desc, origen, codigo`,
  );
}

/**
 * Fixes, in the closing's transaction once its settlements are written, what the dashboard reads of
 * the month: per insurer the lines presented, their fees, those approved by the rules alone (sent
 * to no auditor and settled there and then without a débito reason) and the network's débitos
 * settled (less what reconsiderations gave back); and those débitos by reason.
 */
export async function guardarCifras(tx: DbOrTx, periodo: string) {
  await tx.execute(
    sql`insert into cierre_cifras (periodo, obra_social_id, lineas, presentado, automaticas, debitado_red)
        select ${periodo}, x.obra_social_id, sum(x.lineas), sum(x.presentado), sum(x.automaticas), sum(x.debitado)
        from (
          select at.obra_social_id, count(*) as lineas, sum(l.importe) as presentado,
            count(i.id) filter (where l.muestra is null and i.motivo is null) as automaticas, 0 as debitado
          from lineas l
          join atenciones at on at.id = l.atencion_id
          left join liquidacion_items i on i.linea_id = l.id and i.tipo = 'prestacion'
          where l.cierre = ${periodo}
          group by at.obra_social_id
          union all
          select at.obra_social_id, 0, 0, 0, sum(i.debito)
          from liquidaciones q
          join liquidacion_items i on i.liquidacion_id = q.id
          join lineas l on l.id = i.linea_id
          join atenciones at on at.id = l.atencion_id
          where q.periodo = ${periodo} and i.tipo <> 'debito_os' and i.debito <> 0
          group by at.obra_social_id) x
        group by x.obra_social_id`,
  );
  await tx.execute(
    sql`insert into cierre_motivos (periodo, motivo, extrapolacion, cantidad, importe)
        select q.periodo, i.motivo, i.tipo = 'extrapolacion', count(*), sum(i.debito)
        from liquidaciones q join liquidacion_items i on i.liquidacion_id = q.id
        where q.periodo = ${periodo} and i.tipo <> 'debito_os' and i.debito > 0
        group by q.periodo, i.motivo, i.tipo = 'extrapolacion'`,
  );
}
