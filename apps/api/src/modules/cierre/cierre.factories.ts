import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The alphabet of validation codes (no 0/O, 1/I/L), as the chair draws them. */
const ALFABETO = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A validation code for row `i` as a SQL expression: eight base-31 digits of i. */
export const codigoValidacionSql = (i: string) => {
  const digit = (k: number) => `substr('${ALFABETO}', ((${i} / ${31 ** k}::bigint) % 31)::int + 1, 1)`;
  return `${[0, 1, 2, 3].map(digit).join(' || ')} || '-' || ${[4, 5, 6, 7].map(digit).join(' || ')}`;
};

/**
 * A month's worth of lines at scale, written with SQL as the chair would have
 * validated them: `afiliados` new affiliates of the plan (documents from
 * `documentoBase`), each with one visit on `fecha` to one of the dentists,
 * of a consultation (01.01, $ 10.000,00) and a filling of the 36 (02.01,
 * $ 10.000,00 with a 10 % copay), both clean at the chair.
 */
export async function sembrarMes(
  db: DbOrTx,
  s: {
    obraSocialId: number;
    convenioId: number;
    planId: number;
    profesionalIds: readonly number[];
    fecha: string;
    afiliados: number;
    documentoBase: number;
  },
) {
  const ids = `array[${s.profesionalIds.join(',')}]::int[]`;
  await db.execute(
    sql.raw(`
    with a as (
      insert into afiliados (nombre, nombre_busqueda, tipo_documento, documento, obra_social_id, plan_id, fecha_alta,
        fecha_nacimiento)
      select 'Afiliado ' || g, 'afiliado ' || g, 'DNI', (${s.documentoBase}::bigint + g)::text, ${s.obraSocialId},
        ${s.planId}, '2020-01-01', '1985-05-20'
      from generate_series(1, ${s.afiliados}) g
      returning id),
    v as (
      insert into atenciones (codigo_validacion, afiliado_id, profesional_id, obra_social_id, convenio_id, plan_id, fecha)
      select ${codigoValidacionSql(`(${s.documentoBase}::bigint + a.id)`)}, a.id,
        (${ids})[1 + a.id % ${s.profesionalIds.length}], ${s.obraSocialId}, ${s.convenioId}, ${s.planId}, '${s.fecha}'
      from a
      returning id, afiliado_id, profesional_id)
    insert into lineas (atencion_id, afiliado_id, profesional_id, codigo_id, fecha, periodo, pieza, caras,
      importe, coseguro, cargo_os, resultados)
    select v.id, v.afiliado_id, v.profesional_id, c.id, '${s.fecha}', '${s.fecha.slice(0, 7)}',
      case when c.codigo = '02.01' then 36 end, case when c.codigo = '02.01' then 'O' else '' end,
      1000000, case when c.codigo = '02.01' then 100000 else 0 end,
      case when c.codigo = '02.01' then 900000 else 1000000 end,
      '[{"codigo":null,"nivel":"ok","mensaje":"Cubierta"}]'::jsonb
    from v cross join codigos_prestacion c where c.codigo in ('01.01', '02.01')`),
  );
}
