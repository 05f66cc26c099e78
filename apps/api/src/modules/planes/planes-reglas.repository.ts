import {
  type Adjunto,
  type Ambito,
  describeRegla,
  formatObjetivo,
  type Objetivo,
  objetivoNombre,
  type Regla,
  type ReglaValues,
} from '@red-dental/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, statement } from '../../db/client.ts';
import { codigosPrestacion, gruposCodigos, reglas } from '../../db/schema/index.ts';

/** A rule's target as the table keeps it: one of a code, a group, a chapter. */
export interface ObjetivoRef {
  codigoId: number | null;
  grupoId: number | null;
  capitulo: string | null;
  /** objetivo_clave: 'c12', 'g3', 'k05'. */
  clave: string;
  objetivo: Objetivo;
  nombre: string;
}

/** The rule's terms as columns: everything but its target and plan. */
export type ReglaTerms = Omit<ReglaValues, 'objetivo'>;

interface ReglaRow {
  id: number;
  clave: string;
  codigo_id: number | null;
  grupo_id: number | null;
  plan_id: number;
  codigo: string | null;
  codigo_nombre: string | null;
  grupo: string | null;
  capitulo: string | null;
  cubre: boolean;
  cobertura_pct: number | null;
  coseguro_importe: number | null;
  coseguro_pct: number | null;
  requiere_autorizacion: boolean;
  adjuntos: string[];
  frecuencia: number | null;
  periodo_dias: number | null;
  anio_calendario: boolean;
  ambito: string | null;
  mismo_prestador: boolean;
  edad_min: number | null;
  edad_max: number | null;
  carencia_dias: number | null;
  tope_mensual: number | null;
  garantia_meses: number | null;
  vigente_desde: string;
  vigente_hasta: string | null;
}

const SELECT = sql`select r.id, r.objetivo_clave as clave, r.codigo_id, r.grupo_id, r.plan_id, c.codigo, c.nombre as codigo_nombre, g.nombre as grupo, r.capitulo,
    r.cubre, r.cobertura_pct, r.coseguro_importe, r.coseguro_pct, r.requiere_autorizacion, r.adjuntos,
    r.frecuencia, r.periodo_dias, r.anio_calendario, r.ambito, r.mismo_prestador, r.edad_min, r.edad_max,
    r.carencia_dias, r.tope_mensual, r.garantia_meses, r.vigente_desde::text, r.vigente_hasta::text
  from ${reglas} r
  left join ${codigosPrestacion} c on c.id = r.codigo_id
  left join ${gruposCodigos} g on g.id = r.grupo_id`;

/** Code rules first, then groups, then chapters, each by its target and start. */
const ORDER = sql`order by (r.codigo_id is null), (r.grupo_id is null), c.codigo, g.nombre, r.capitulo, r.vigente_desde`;

function toRegla(r: ReglaRow): Regla {
  const objetivo: Objetivo =
    r.codigo !== null
      ? { tipo: 'codigo', codigo: r.codigo }
      : r.grupo !== null
        ? { tipo: 'grupo', grupo: r.grupo }
        : { tipo: 'capitulo', capitulo: r.capitulo! };
  const nombre = objetivoNombre(objetivo, r.codigo_nombre ?? undefined);
  const values = { ...termsOf(r), objetivo: formatObjetivo(objetivo) };
  return {
    id: r.id,
    planId: r.plan_id,
    objetivoNombre: nombre,
    ...values,
    texto: describeRegla(values, nombre),
  };
}

function termsOf(r: ReglaRow): ReglaTerms {
  return {
    cubre: r.cubre,
    coberturaPct: r.cobertura_pct,
    coseguroImporte: r.coseguro_importe,
    coseguroPct: r.coseguro_pct,
    requiereAutorizacion: r.requiere_autorizacion,
    adjuntos: r.adjuntos as Adjunto[],
    frecuencia: r.frecuencia,
    periodoDias: r.periodo_dias,
    anioCalendario: r.anio_calendario,
    ambito: r.ambito as Ambito | null,
    mismoPrestador: r.mismo_prestador,
    edadMin: r.edad_min,
    edadMax: r.edad_max,
    carenciaDias: r.carencia_dias,
    topeMensual: r.tope_mensual,
    garantiaMeses: r.garantia_meses,
    vigenteDesde: r.vigente_desde,
    vigenteHasta: r.vigente_hasta,
  };
}

const reglasVersion = statement<{ v: number }, { planId: number }>(
  sql`select reglas_version as v from planes where id = ${sql.placeholder('planId')}`,
);

/** The version of the plan's rules (moved on by triggers at each change); undefined when there is no such plan. */
export async function findReglasVersion(db: DbOrTx, planId: number): Promise<number | undefined> {
  const [row] = await reglasVersion(db, { planId });
  return row === undefined ? undefined : Number(row.v);
}

/** Every version of every rule of the plan. */
export async function findAll(db: DbOrTx, planId: number): Promise<Regla[]> {
  const rows = await queryRows<ReglaRow>(db, sql`${SELECT} where r.plan_id = ${planId} ${ORDER}`);
  return rows.map(toRegla);
}

/** Every version of the plan's rules by target, as an import compares them. */
export async function findVersions(db: DbOrTx, planId: number) {
  const rows = await queryRows<ReglaRow>(db, sql`${SELECT} where r.plan_id = ${planId}`);
  return rows.map((r) => ({
    id: r.id,
    clave: r.clave,
    terms: termsOf(r),
    target: { codigoId: r.codigo_id, grupoId: r.grupo_id, capitulo: r.capitulo },
  }));
}

export async function findById(db: DbOrTx, planId: number, id: number): Promise<Regla | undefined> {
  const [row] = await queryRows<ReglaRow>(db, sql`${SELECT} where r.plan_id = ${planId} and r.id = ${id}`);
  return row && toRegla(row);
}

/** The version of the plan's rule for the same target in force on some day of [desde, hasta], if any. */
export async function findOverlapping(
  db: DbOrTx,
  r: { planId: number; clave: string; vigenteDesde: string; vigenteHasta: string | null; exceptId?: number },
) {
  const [row] = await queryRows<{ vigente_desde: string; vigente_hasta: string | null }>(
    db,
    sql`select vigente_desde::text, vigente_hasta::text from ${reglas}
        where plan_id = ${r.planId} and objetivo_clave = ${r.clave} and id <> ${r.exceptId ?? 0}
          and vigente_desde <= coalesce(${r.vigenteHasta}::date, 'infinity'::date)
          and coalesce(vigente_hasta, 'infinity'::date) >= ${r.vigenteDesde}::date
        order by vigente_desde limit 1`,
  );
  return row;
}

/** The targets named in a file or a form, looked up at once: codes by code, groups by name (any case). */
export async function findTargets(db: DbOrTx, objetivos: readonly Objetivo[]) {
  const codigos = [...new Set(objetivos.flatMap((o) => (o.tipo === 'codigo' ? [o.codigo] : [])))];
  const grupos = [...new Set(objetivos.flatMap((o) => (o.tipo === 'grupo' ? [o.grupo.toLowerCase()] : [])))];
  const [codigoRows, grupoRows] = await Promise.all([
    codigos.length
      ? db
          .select({
            id: codigosPrestacion.id,
            codigo: codigosPrestacion.codigo,
            nombre: codigosPrestacion.nombre,
          })
          .from(codigosPrestacion)
          .where(inArray(codigosPrestacion.codigo, codigos))
      : [],
    grupos.length
      ? db
          .select({ id: gruposCodigos.id, nombre: gruposCodigos.nombre })
          .from(gruposCodigos)
          .where(inArray(sql`lower(${gruposCodigos.nombre})`, grupos))
      : [],
  ]);
  return {
    codigos: new Map(codigoRows.map((r) => [r.codigo, r])),
    grupos: new Map(grupoRows.map((r) => [r.nombre.toLowerCase(), r])),
  };
}

export type ReglaColumns = ReglaTerms & Pick<ObjetivoRef, 'codigoId' | 'grupoId' | 'capitulo'>;

export async function insert(db: DbOrTx, planId: number, values: ReglaColumns): Promise<number> {
  const [row] = await db
    .insert(reglas)
    .values({ ...values, planId })
    .returning({ id: reglas.id });
  return row!.id;
}

/** Many versions at once, as an import writes them. */
export async function insertMany(db: DbOrTx, planId: number, rows: readonly ReglaColumns[]) {
  // 24 columns a row: 500 rows stay far under the parameters a statement may carry.
  for (let start = 0; start < rows.length; start += 500)
    await db.insert(reglas).values(rows.slice(start, start + 500).map((r) => ({ ...r, planId })));
}

export async function update(db: DbOrTx, id: number, values: ReglaColumns) {
  await db
    .update(reglas)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(reglas.id, id));
}

export async function closeVersion(db: DbOrTx, id: number, vigenteHasta: string) {
  await db.update(reglas).set({ vigenteHasta, updatedAt: sql`now()` }).where(eq(reglas.id, id));
}

export async function remove(db: DbOrTx, id: number) {
  await db.delete(reglas).where(eq(reglas.id, id));
}

/** Plans whose rules a server keeps in memory, per database; past it the least recently read goes. */
const KEPT_PLANS = 500;
const kept = new WeakMap<object, Map<number, { version: number; reglas: Regla[] }>>();

/**
 * The plan's rules in force on a day: what the chair reads on every visit.
 * Every version of the plan's rules is kept in memory while the plan's
 * version (moved on by the database at each change, whichever server made
 * it) stays the same, so a visit costs one small read; undefined when there
 * is no such plan.
 */
export async function reglasEnVigor(
  db: DbOrTx,
  planId: number,
  fecha: string,
  /** The plan's `reglas_version`, when the caller read it with its own query (one round trip less). */
  known?: number,
  /** Whose memory: the database a transaction `db` belongs to, so that every visit shares one. */
  owner: object = db,
): Promise<Regla[] | undefined> {
  const version = known ?? (await findReglasVersion(db, planId));
  if (version === undefined) return undefined;
  const plans = kept.get(owner) ?? new Map<number, { version: number; reglas: Regla[] }>();
  kept.set(owner, plans);
  let entry = plans.get(planId);
  if (entry?.version === version) plans.delete(planId);
  else entry = { version, reglas: await findAll(db, planId) };
  plans.set(planId, entry);
  if (plans.size > KEPT_PLANS) plans.delete(plans.keys().next().value!);
  return entry.reglas.filter(
    (r) => r.vigenteDesde <= fecha && (r.vigenteHasta === null || r.vigenteHasta >= fecha),
  );
}
