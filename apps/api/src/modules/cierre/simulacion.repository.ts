import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** Which lines a draft touches: those of one plan (its rules) or of one contract (its fees). */
export type Alcance = { planId: number } | { convenioId: number };

const delAlcance = (a: Alcance) =>
  'planId' in a ? sql`at.plan_id = ${a.planId}` : sql`at.convenio_id = ${a.convenioId}`;

/** The affiliates with lines of the draft's plan or contract dated in [desde, hasta], not anulled. */
export async function afiliadosASimular(
  tx: DbOrTx,
  alcance: Alcance,
  desde: string,
  hasta: string,
): Promise<number[]> {
  const rows = await queryRows<{ afiliado_id: number }>(
    tx,
    sql`select distinct l.afiliado_id from lineas l join atenciones at on at.id = l.atencion_id
        where l.fecha between ${desde}::date and ${hasta}::date and l.estado <> 'anulada' and ${delAlcance(alcance)}
        order by l.afiliado_id`,
  );
  return rows.map((r) => r.afiliado_id);
}

/** Each contract's insurer. */
export async function obrasDeConvenios(tx: DbOrTx): Promise<Map<number, { id: number; nombre: string }>> {
  const rows = await queryRows<{ convenio_id: number; id: number; nombre: string }>(
    tx,
    sql`select cv.id as convenio_id, os.id, os.nombre from convenios cv join obras_sociales os on os.id = cv.obra_social_id`,
  );
  return new Map(rows.map((r) => [r.convenio_id, { id: r.id, nombre: r.nombre }]));
}

export async function nombresDeProfesionales(tx: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; nombre: string }>(
    tx,
    sql`select id, nombre from profesionales where id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  return new Map(rows.map((r) => [r.id, r.nombre]));
}
