import {
  type Alarma,
  addDays,
  type CodigoDebito,
  finDePeriodo,
  type Muestra,
  type PeriodoResumen,
  type ZonaBoca,
} from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

// ---------------------------------------------------------------------------
// The months as staff read them: open ones with the lines waiting, closed
// ones with what their closing made, and the alarms it raised.
// ---------------------------------------------------------------------------

/** Lines an approval stands on, whatever came after it (settled, billed, debited by the insurer). */
const APROBADAS = sql.raw(
  `('aprobada','aprobada_parcial','liquidada','facturada','debitada_os','refacturada')`,
);
const EN_AUDITORIA = sql.raw(`('presentada','observada','reconsideracion')`);

interface ResumenRow {
  periodo: string;
  cerrado: boolean;
  fecha_cierre: string | null;
  cerrado_por: string | null;
  semilla: number | null;
  muestra: Muestra | null;
  presentadas: number;
  aprobadas: number;
  rechazadas: number;
  en_auditoria: number;
  presentado: string;
  coseguros: string;
  aprobado: string;
  debitado: string;
  alarmas: number;
  liquidaciones: number;
  lotes: number;
}

function toResumen(r: ResumenRow): PeriodoResumen {
  return {
    periodo: r.periodo,
    estado: r.cerrado ? 'cerrado' : 'abierto',
    cierraDesde: addDays(finDePeriodo(r.periodo), 1),
    cerradoEl: r.fecha_cierre,
    cerradoPor: r.cerrado_por,
    semilla: r.semilla,
    muestra: r.muestra,
    lineas: {
      presentadas: r.presentadas,
      aprobadas: r.aprobadas,
      rechazadas: r.rechazadas,
      enAuditoria: r.en_auditoria,
    },
    importes: {
      presentado: Number(r.presentado),
      coseguros: Number(r.coseguros),
      aprobado: Number(r.aprobado),
      debitado: Number(r.debitado),
    },
    alarmas: r.alarmas,
    liquidaciones: r.liquidaciones,
    lotes: r.lotes,
  };
}

/**
 * A month's figures. Closed: the lines its closing presented, by where they
 * stand now. Open: the month's validated lines, waiting.
 */
export async function resumen(db: DbOrTx, periodo: string): Promise<PeriodoResumen> {
  const [p] = await queryRows<Pick<ResumenRow, 'fecha_cierre' | 'cerrado_por' | 'semilla' | 'muestra'>>(
    db,
    sql`select p.fecha_cierre::text, p.semilla, p.muestra, coalesce(u.nombre, u.email) as cerrado_por
        from periodos p left join users u on u.id = p.cerrado_by where p.periodo = ${periodo}`,
  );
  const lineas = p ? sql`l.cierre = ${periodo}` : sql`l.estado = 'validada' and l.periodo = ${periodo}`;
  const [row] = await queryRows<
    Omit<ResumenRow, 'periodo' | 'cerrado' | 'fecha_cierre' | 'cerrado_por' | 'semilla' | 'muestra'>
  >(
    db,
    sql`select count(*)::int as presentadas,
          count(*) filter (where l.estado in ${APROBADAS})::int as aprobadas,
          count(*) filter (where l.estado = 'rechazada')::int as rechazadas,
          count(*) filter (where l.estado in ${EN_AUDITORIA})::int as en_auditoria,
          coalesce(sum(l.importe), 0)::text as presentado,
          coalesce(sum(l.coseguro), 0)::text as coseguros,
          coalesce(sum(l.importe_aprobado) filter (where l.estado in ${APROBADAS}), 0)::text as aprobado,
          coalesce(sum(l.cargo_os - l.importe_aprobado) filter (where l.importe_aprobado is not null), 0)::text as debitado,
          (select count(*) from alarmas_cierre a where a.periodo = ${periodo})::int as alarmas,
          (select count(*) from liquidaciones q where q.periodo = ${periodo})::int as liquidaciones,
          (select count(*) from lotes lo where lo.periodo = ${periodo})::int as lotes
        from lineas l where ${lineas}`,
  );
  return toResumen({
    periodo,
    cerrado: p !== undefined,
    fecha_cierre: p?.fecha_cierre ?? null,
    cerrado_por: p?.cerrado_por ?? null,
    semilla: p?.semilla ?? null,
    muestra: p?.muestra ?? null,
    ...row!,
  });
}

/** Every closed month and every month with validated lines waiting, the newest first. */
export async function listar(db: DbOrTx): Promise<PeriodoResumen[]> {
  const meses = await queryRows<{ periodo: string }>(
    db,
    sql`select periodo from periodos
        union select distinct periodo from lineas where estado = 'validada'
        order by periodo desc`,
  );
  const out: PeriodoResumen[] = [];
  for (const m of meses) out.push(await resumen(db, m.periodo));
  return out;
}

/** The alarms a closing raised, by dentist and line. */
export async function alarmas(db: DbOrTx, periodo: string): Promise<Alarma[]> {
  const rows = await queryRows<
    Omit<Alarma, 'caras' | 'debito' | 'sector'> & { caras: string; debito: string; sector: string | null }
  >(
    db,
    sql`select a.linea_id as "lineaId", at.codigo_validacion as "codigoValidacion", l.fecha::text as fecha,
          c.codigo, c.nombre, l.pieza, l.caras, l.sector,
          json_build_object('id', p.id, 'nombre', p.nombre) as profesional, a.codigo as debito, a.mensaje
        from alarmas_cierre a
        join lineas l on l.id = a.linea_id
        join atenciones at on at.id = l.atencion_id
        join codigos_prestacion c on c.id = l.codigo_id
        join profesionales p on p.id = l.profesional_id
        where a.periodo = ${periodo}
        order by p.nombre, l.fecha, l.id, a.id`,
  );
  return rows.map((r) => ({
    ...r,
    caras: r.caras || null,
    sector: r.sector as ZonaBoca | null,
    debito: r.debito as CodigoDebito,
  }));
}
