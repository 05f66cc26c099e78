import type { EstadoLinea, LineaPresentada, LineasPresentadasQuery, Paginated } from '@red-dental/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

// ---------------------------------------------------------------------------
// The presented lines an auditor decides, and each step of their way: the
// auditor's decisions, the dentist's answers and reconsiderations, an
// observation left unanswered.
// ---------------------------------------------------------------------------

const EN_AUDITORIA = sql.raw(`('presentada','observada','reconsideracion')`);

/** A line as the auditor weighs it: where, for whom, by whom, what the chair and the closing said, each step. */
const LINEA = (conConfirmacion: boolean) => sql`
  select l.id, at.codigo_validacion as "codigoValidacion", l.fecha::text as fecha, l.cierre, c.codigo, c.nombre,
    l.pieza, nullif(l.caras, '') as caras, l.sector,
    json_build_object('id', a.id, 'nombre', a.nombre, 'documento', a.documento) as afiliado,
    json_build_object('id', p.id, 'nombre', p.nombre) as profesional,
    json_build_object('id', os.id, 'nombre', os.nombre) as "obraSocial",
    l.importe, l.coseguro, l.cargo_os as "cargoOs", l.importe_aprobado as "importeAprobado", l.estado, l.muestra,
    l.motivo, l.motivo_text as "motivoText", l.nota, l.observada_hasta::text as "observadaHasta", l.resultados,
    coalesce((select json_agg(json_build_object('codigo', x.codigo, 'mensaje', x.mensaje) order by x.id)
              from alarmas_cierre x where x.linea_id = l.id), '[]'::json) as alarmas,
    ${
      conConfirmacion
        ? sql`(select json_build_object('atendido', f.atendido, 'cobro', f.cobro, 'coseguro', f.coseguro)
               from confirmaciones f where f.atencion_id = l.atencion_id and f.observada)`
        : sql`null`
    } as confirmacion,
    coalesce((select json_agg(json_build_object('decision', d.decision, 'estado', d.estado_despues, 'motivo', d.motivo,
                'nota', d.nota, 'importe', d.importe, 'por', coalesce(u.nombre, u.email, 'El cierre'),
                'at', to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by d.id)
              from decisiones d left join users u on u.id = d.auditor_id where d.linea_id = l.id), '[]'::json) as pasos
  from lineas l
  join atenciones at on at.id = l.atencion_id
  join codigos_prestacion c on c.id = l.codigo_id
  join afiliados a on a.id = l.afiliado_id
  join profesionales p on p.id = l.profesional_id
  join obras_sociales os on os.id = at.obra_social_id`;

/**
 * A page of the lines waiting in the audit (all three states, or one),
 * reconsiderations first, then by closing and date; a dentist's own only
 * when `profesionalId` says so.
 */
export async function findLineas(
  db: DbOrTx,
  q: LineasPresentadasQuery & { pageIndex: number; pageSize: number; auditor: boolean },
): Promise<Paginated<LineaPresentada>> {
  const where: SQL[] = [q.estado ? sql`l.estado = ${q.estado}` : sql`l.estado in ${EN_AUDITORIA}`];
  if (q.profesionalId) where.push(sql`l.profesional_id = ${q.profesionalId}`);
  if (q.obraSocialId) where.push(sql`at.obra_social_id = ${q.obraSocialId}`);
  const filtro = sql.join(where, sql` and `);
  const rows = await queryRows<LineaPresentada>(
    db,
    sql`${LINEA(q.auditor)} where ${filtro}
        order by (l.estado = 'reconsideracion') desc, l.cierre, l.fecha, l.id
        limit ${q.pageSize} offset ${q.pageIndex * q.pageSize}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from lineas l join atenciones at on at.id = l.atencion_id where ${filtro}`,
  );
  return { rows, rowCount: count!.n };
}

export async function findLinea(db: DbOrTx, id: number, auditor: boolean) {
  const [row] = await queryRows<LineaPresentada>(db, sql`${LINEA(auditor)} where l.id = ${id}`);
  return row;
}

/** The line's row for the rest of the transaction, with its dentist's account and the contract's days to answer. */
export async function lockLinea(tx: DbOrTx, id: number) {
  const [row] = await queryRows<{
    id: number;
    estado: EstadoLinea;
    cargo_os: number;
    importe_aprobado: number | null;
    profesional_id: number;
    profesional_user_id: number | null;
    plazo_respuesta_dias: number;
    codigo: string;
    codigo_validacion: string;
    afiliado_id: number;
    documento: string;
  }>(
    tx,
    sql`select l.id, l.estado, l.cargo_os, l.importe_aprobado, l.profesional_id, p.user_id as profesional_user_id,
          cv.plazo_respuesta_dias, c.codigo, at.codigo_validacion, l.afiliado_id, a.documento
        from lineas l
        join atenciones at on at.id = l.atencion_id
        join convenios cv on cv.id = at.convenio_id
        join codigos_prestacion c on c.id = l.codigo_id
        join profesionales p on p.id = l.profesional_id
        join afiliados a on a.id = l.afiliado_id
        where l.id = ${id}
        for update of l`,
  );
  return row;
}

export async function actualizar(
  tx: DbOrTx,
  id: number,
  v: {
    estado: EstadoLinea;
    importeAprobado: number | null;
    motivo: string | null;
    motivoText: string | null;
    nota: string | null;
    observadaHasta: string | null;
  },
) {
  await tx.execute(
    sql`update lineas set estado = ${v.estado}, importe_aprobado = ${v.importeAprobado}, motivo = ${v.motivo},
          motivo_text = ${v.motivoText}, nota = ${v.nota}, observada_hasta = ${v.observadaHasta}
        where id = ${id}`,
  );
}

export async function insertPaso(
  tx: DbOrTx,
  p: {
    lineaId: number;
    decision: string;
    antes: EstadoLinea;
    despues: EstadoLinea;
    motivo: string | null;
    nota: string | null;
    importe: number | null;
    userId: number | null;
  },
) {
  await tx.execute(
    sql`insert into decisiones (linea_id, decision, estado_antes, estado_despues, motivo, nota, importe, auditor_id)
        values (${p.lineaId}, ${p.decision}, ${p.antes}, ${p.despues}, ${p.motivo}, ${p.nota}, ${p.importe}, ${p.userId})`,
  );
}

export async function yaReconsiderada(tx: DbOrTx, id: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from decisiones where linea_id = ${id} and decision = 'reconsideracion'`,
  );
  return row!.n > 0;
}

/**
 * Observed lines whose answer was due before `fecha` are rejected with the débito the observation
 * named, each step recorded as the closing's. Runs inside the closing, before it settles.
 */
export async function vencerObservadas(tx: DbOrTx, fecha: string) {
  await tx.execute(
    sql`with vencidas as (
          update lineas set estado = 'rechazada', importe_aprobado = 0,
            motivo_text = 'No se respondió la observación del auditor hasta el ' || to_char(observada_hasta, 'DD/MM/YYYY')
          where estado = 'observada' and observada_hasta < ${fecha}::date
          returning id, motivo)
        insert into decisiones (linea_id, decision, estado_antes, estado_despues, motivo)
        select id, 'vencida', 'observada', 'rechazada', motivo from vencidas`,
  );
}

/** An observed line answered: back to the auditor, the observation's débito still named. */
export async function volverAlAuditor(tx: DbOrTx, id: number) {
  await tx.execute(sql`update lineas set estado = 'presentada', observada_hasta = null where id = ${id}`);
}

/** A debited line back to the auditor, what it was paid kept until the auditor decides. */
export async function aReconsideracion(tx: DbOrTx, id: number) {
  await tx.execute(sql`update lineas set estado = 'reconsideracion' where id = ${id}`);
}

/** Where the line stood when its dentist asked for the reconsideration. */
export async function estadoAntesDeReconsiderar(tx: DbOrTx, id: number): Promise<EstadoLinea> {
  const [row] = await queryRows<{ estado_antes: EstadoLinea }>(
    tx,
    sql`select estado_antes from decisiones where linea_id = ${id} and decision = 'reconsideracion'
        order by id desc limit 1`,
  );
  return row!.estado_antes;
}
