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
import { codigosPrestacion } from './nomenclador.ts';
import { obrasSociales } from './obras-sociales.ts';

/**
 * An insurer's contract, in force from `vigente_desde` to `vigente_hasta`
 * (null: open); two of one insurer never overlap (checked under a lock of the
 * insurer's contracts, decision 089). Money in centavos.
 */
export const convenios = pgTable(
  'convenios',
  {
    id: serial('id').primaryKey(),
    obraSocialId: integer('obra_social_id')
      .notNull()
      .references(() => obrasSociales.id, { onDelete: 'restrict' }),
    nombre: text('nombre').notNull(),
    vigenteDesde: date('vigente_desde', { mode: 'string' }).notNull(),
    vigenteHasta: date('vigente_hasta', { mode: 'string' }),
    diaCierre: smallint('dia_cierre').notNull(),
    plazoPresentacionDias: smallint('plazo_presentacion_dias').notNull(),
    plazoRefacturacionDias: smallint('plazo_refacturacion_dias').notNull(),
    /** Days an emergency treated without its prior authorization has to regularize it. */
    plazoUrgenciaDias: smallint('plazo_urgencia_dias').notNull().default(3),
    requiereToken: boolean('requiere_token').notNull().default(false),
    /** With the token required: a line without it is refused at the chair, not only warned. */
    tokenBloquea: boolean('token_bloquea').notNull().default(false),
    /**
     * Whether what the auditors debit in a month's random sample of a dentist's
     * lines is extrapolated to the lines of hers the closing approved unseen.
     */
    extrapolaMuestra: boolean('extrapola_muestra').notNull().default(false),
    valorUnidad: integer('valor_unidad'),
    /** The insurer's promise: an auditor answers a prior authorization within these hours. */
    plazoAutorizacionHoras: smallint('plazo_autorizacion_horas').notNull().default(48),
    /** An approved authorization is good for these days from its approval. */
    vigenciaAutorizacionDias: smallint('vigencia_autorizacion_dias').notNull().default(90),
    /** Days a dentist has to answer an auditor's observation of a presented line, else it is rejected. */
    plazoRespuestaDias: smallint('plazo_respuesta_dias').notNull().default(15),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('convenios_obra_social_idx').on(t.obraSocialId, t.vigenteDesde),
    check('convenios_vigencia', sql`${t.vigenteHasta} is null or ${t.vigenteHasta} >= ${t.vigenteDesde}`),
    check('convenios_dia_cierre', sql`${t.diaCierre} between 1 and 28`),
    check(
      'convenios_plazos',
      sql`${t.plazoPresentacionDias} between 0 and 365 and ${t.plazoRefacturacionDias} between 0 and 365
        and ${t.plazoUrgenciaDias} between 0 and 365 and ${t.plazoRespuestaDias} between 0 and 365`,
    ),
    check(
      'convenios_autorizacion',
      sql`${t.plazoAutorizacionHoras} between 1 and 2160 and ${t.vigenciaAutorizacionDias} between 1 and 730`,
    ),
    check('convenios_valor_unidad', sql`${t.valorUnidad} is null or ${t.valorUnidad} >= 0`),
  ],
);

/**
 * A code's fee under a contract from `vigente_desde` to `vigente_hasta`:
 * pesos (`importe`, centavos) or units (`unidades`, hundredths) × the
 * contract's unit value. Versions of one code never overlap.
 */
export const aranceles = pgTable(
  'aranceles',
  {
    id: serial('id').primaryKey(),
    convenioId: integer('convenio_id')
      .notNull()
      .references(() => convenios.id, { onDelete: 'cascade' }),
    codigoId: integer('codigo_id')
      .notNull()
      .references(() => codigosPrestacion.id, { onDelete: 'restrict' }),
    importe: integer('importe'),
    unidades: integer('unidades'),
    vigenteDesde: date('vigente_desde', { mode: 'string' }).notNull(),
    vigenteHasta: date('vigente_hasta', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('aranceles_version_key').on(t.convenioId, t.codigoId, t.vigenteDesde),
    check('aranceles_importe_o_unidades', sql`num_nonnulls(${t.importe}, ${t.unidades}) = 1`),
    check('aranceles_positivos', sql`coalesce(${t.importe}, ${t.unidades}) >= 0`),
    check('aranceles_vigencia', sql`${t.vigenteHasta} is null or ${t.vigenteHasta} >= ${t.vigenteDesde}`),
    index('aranceles_codigo_idx').on(t.codigoId),
  ],
);
