import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { codigosPrestacion, gruposCodigos } from './nomenclador.ts';
import { obrasSociales } from './obras-sociales.ts';

/**
 * An insurer's plan, known by the code on the affiliate's card (unique within
 * the insurer, whatever its case). `(id, obra_social_id)` is unique so that an
 * affiliate's plan can be tied to the affiliate's own insurer (decision 090).
 */
export const planes = pgTable(
  'planes',
  {
    id: serial('id').primaryKey(),
    obraSocialId: integer('obra_social_id')
      .notNull()
      .references(() => obrasSociales.id, { onDelete: 'restrict' }),
    codigo: text('codigo').notNull(),
    nombre: text('nombre').notNull(),
    /**
     * Moved on by triggers whenever the plan's rules, or the names they show
     * (a code's, a group's), change: a server keeps a plan's rules in memory
     * while this stays the same (migration 0039).
     */
    reglasVersion: integer('reglas_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('planes_codigo_key').on(t.obraSocialId, sql`lower(${t.codigo})`),
    uniqueIndex('planes_id_obra_social_key').on(t.id, t.obraSocialId),
  ],
);

/**
 * A rule of a plan on one code, group or chapter, in force from
 * `vigente_desde` to `vigente_hasta` (null: open). Versions for one target
 * never overlap (checked under a lock of the plan's row). `objetivo_clave`
 * names the target in one column ('c12', 'g3', 'k05') for that check and for
 * reading a plan's rules on a date. Money in centavos.
 */
export const reglas = pgTable(
  'reglas',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => planes.id, { onDelete: 'cascade' }),
    codigoId: integer('codigo_id').references(() => codigosPrestacion.id, { onDelete: 'restrict' }),
    grupoId: integer('grupo_id').references(() => gruposCodigos.id, { onDelete: 'restrict' }),
    capitulo: text('capitulo'),
    objetivoClave: text('objetivo_clave')
      .notNull()
      .generatedAlwaysAs(sql`coalesce('c' || codigo_id, 'g' || grupo_id, 'k' || capitulo)`),
    cubre: boolean('cubre').notNull(),
    coberturaPct: smallint('cobertura_pct'),
    coseguroImporte: integer('coseguro_importe'),
    coseguroPct: smallint('coseguro_pct'),
    requiereAutorizacion: boolean('requiere_autorizacion').notNull().default(false),
    adjuntos: text('adjuntos').array().notNull().default(sql`'{}'::text[]`),
    frecuencia: smallint('frecuencia'),
    periodoDias: smallint('periodo_dias'),
    anioCalendario: boolean('anio_calendario').notNull().default(false),
    ambito: text('ambito'),
    mismoPrestador: boolean('mismo_prestador').notNull().default(false),
    edadMin: smallint('edad_min'),
    edadMax: smallint('edad_max'),
    carenciaDias: smallint('carencia_dias'),
    topeMensual: smallint('tope_mensual'),
    garantiaMeses: smallint('garantia_meses'),
    vigenteDesde: date('vigente_desde', { mode: 'string' }).notNull(),
    vigenteHasta: date('vigente_hasta', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reglas_version_key').on(t.planId, t.objetivoClave, t.vigenteDesde),
    index('reglas_plan_vigencia_idx').on(t.planId, t.vigenteDesde),
    index('reglas_codigo_idx').on(t.codigoId),
    index('reglas_grupo_idx').on(t.grupoId),
    check('reglas_un_objetivo', sql`num_nonnulls(${t.codigoId}, ${t.grupoId}, ${t.capitulo}) = 1`),
    check(
      'reglas_capitulo',
      sql`${t.capitulo} is null or ${t.capitulo} in ('01','02','03','04','05','06','07','08','09','10')`,
    ),
    check('reglas_vigencia', sql`${t.vigenteHasta} is null or ${t.vigenteHasta} >= ${t.vigenteDesde}`),
    check(
      'reglas_cobertura',
      sql`(${t.cubre} and ${t.coberturaPct} between 1 and 100) or (not ${t.cubre} and ${t.coberturaPct} is null)`,
    ),
    check(
      'reglas_coseguro',
      sql`num_nonnulls(${t.coseguroImporte}, ${t.coseguroPct}) <= 1
        and (${t.coseguroImporte} is null or ${t.coseguroImporte} >= 0)
        and (${t.coseguroPct} is null or ${t.coseguroPct} between 1 and 100)`,
    ),
    check('reglas_adjuntos', sql`${t.adjuntos} <@ array['rx_pre','rx_post','foto','presupuesto']::text[]`),
    check(
      'reglas_frecuencia',
      sql`(${t.frecuencia} is null and ${t.periodoDias} is null and not ${t.anioCalendario} and ${t.ambito} is null and not ${t.mismoPrestador})
        or (${t.frecuencia} between 1 and 99 and ${t.ambito} in ('afiliado','pieza','pieza+cara','sector')
          and not (${t.periodoDias} is not null and ${t.anioCalendario})
          and (${t.periodoDias} is null or ${t.periodoDias} between 1 and 3650))`,
    ),
    check(
      'reglas_edad',
      sql`(${t.edadMin} is null or ${t.edadMin} between 0 and 120) and (${t.edadMax} is null or ${t.edadMax} between 0 and 120)
        and (${t.edadMin} is null or ${t.edadMax} is null or ${t.edadMin} <= ${t.edadMax})`,
    ),
    check(
      'reglas_limites',
      sql`(${t.carenciaDias} is null or ${t.carenciaDias} between 0 and 3650)
        and (${t.topeMensual} is null or ${t.topeMensual} between 1 and 99)
        and (${t.garantiaMeses} is null or ${t.garantiaMeses} between 1 and 240)`,
    ),
  ],
);
