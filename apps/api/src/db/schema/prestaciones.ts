import { PIEZAS } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { afiliados } from './afiliados.ts';
import { convenios } from './convenios.ts';
import { codigosPrestacion } from './nomenclador.ts';
import { obrasSociales } from './obras-sociales.ts';
import { planes } from './planes.ts';
import { profesionales } from './profesionales.ts';
import { users } from './users.ts';

const ESTADOS = `'validada','presentada','aprobada','aprobada_parcial','observada','rechazada','reconsideracion','liquidada','facturada','debitada_os','refacturada','anulada'`;

/**
 * A visit validated at the chair: one affiliate, one dentist, one date of
 * service, under the contract and plan in force that day. Its validation
 * code is what the comprobante and the insurer's detail name it by.
 */
export const atenciones = pgTable(
  'atenciones',
  {
    id: serial('id').primaryKey(),
    codigoValidacion: text('codigo_validacion').notNull(),
    afiliadoId: integer('afiliado_id')
      .notNull()
      .references(() => afiliados.id, { onDelete: 'restrict' }),
    profesionalId: integer('profesional_id')
      .notNull()
      .references(() => profesionales.id, { onDelete: 'restrict' }),
    obraSocialId: integer('obra_social_id')
      .notNull()
      .references(() => obrasSociales.id, { onDelete: 'restrict' }),
    convenioId: integer('convenio_id')
      .notNull()
      .references(() => convenios.id, { onDelete: 'restrict' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => planes.id, { onDelete: 'restrict' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    canal: text('canal').notNull().default('normal'),
    tokenProbado: boolean('token_probado').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('atenciones_codigo_validacion_key').on(t.codigoValidacion),
    index('atenciones_afiliado_idx').on(t.afiliadoId, t.fecha),
    check('atenciones_canal', sql`${t.canal} in ('normal','urgencia')`),
    check(
      'atenciones_codigo_validacion_format',
      sql`${t.codigoValidacion} ~ '^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$'`,
    ),
  ],
);

/**
 * One line of a visit: a code at a tooth and faces, a sector or an arch (or
 * the whole mouth), with the fee, the copay and the insurer's share fixed at
 * validation, the rules' results as the chair read them, and its state.
 * Faces are one string in the fixed order ('OMD'), so two spellings of one
 * set cannot differ. The affiliate, dentist and date repeat the visit's so
 * that an affiliate's history and a dentist's month read one index each.
 */
export const lineas = pgTable(
  'lineas',
  {
    id: serial('id').primaryKey(),
    atencionId: integer('atencion_id')
      .notNull()
      .references(() => atenciones.id, { onDelete: 'restrict' }),
    afiliadoId: integer('afiliado_id')
      .notNull()
      .references(() => afiliados.id, { onDelete: 'restrict' }),
    profesionalId: integer('profesional_id')
      .notNull()
      .references(() => profesionales.id, { onDelete: 'restrict' }),
    codigoId: integer('codigo_id')
      .notNull()
      .references(() => codigosPrestacion.id, { onDelete: 'restrict' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    /** The month the line belongs to (yyyy-mm), its date of service's. */
    periodo: text('periodo').notNull(),
    pieza: smallint('pieza'),
    caras: text('caras').notNull().default(''),
    sector: text('sector'),
    autorizacion: text('autorizacion'),
    adjuntos: text('adjuntos').array().notNull().default(sql`'{}'::text[]`),
    importe: integer('importe').notNull(),
    coseguro: integer('coseguro').notNull(),
    cargoOs: integer('cargo_os').notNull(),
    estado: text('estado').notNull().default('validada'),
    /** Each rule's result as the chair read it: [{codigo, nivel, mensaje}]. */
    resultados: jsonb('resultados').notNull(),
    /** An emergency's authorization is due before this day. */
    regularizarAntes: date('regularizar_antes', { mode: 'string' }),
    /** The closing that presented the line (yyyy-mm); null while it waits for one. */
    cierre: text('cierre'),
    /** Of the insurer's share, what the network pays for the line once decided (0 when rejected). */
    importeAprobado: integer('importe_aprobado'),
    /** The débito reason (D01–D14) of a line rejected or approved in part, and the words for it. */
    motivo: text('motivo'),
    motivoText: text('motivo_text'),
    /** The auditor's note to the dentist. */
    nota: text('nota'),
    /** Why the closing sent the line to an auditor instead of paying it by the rules. */
    muestra: text('muestra'),
    /** The line an insurer debited that this one bills again, within the contract's window. */
    refacturaDe: integer('refactura_de').references((): AnyPgColumn => lineas.id, { onDelete: 'restrict' }),
    /** An observed line's answer is due by this day; past it, the next closing rejects it. */
    observadaHasta: date('observada_hasta', { mode: 'string' }),
    anuladaAt: timestamp('anulada_at', { withTimezone: true }),
    anuladaBy: integer('anulada_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lineas_afiliado_idx').on(t.afiliadoId, t.fecha),
    index('lineas_profesional_periodo_idx').on(t.profesionalId, t.periodo, t.fecha),
    index('lineas_atencion_idx').on(t.atencionId),
    index('lineas_codigo_idx').on(t.codigoId),
    check('lineas_pieza', sql.raw(`pieza is null or pieza in (${PIEZAS.join(',')})`)),
    check('lineas_caras', sql`${t.caras} ~ '^O?V?M?D?P?L?I?C?$'`),
    check(
      'lineas_sector',
      sql`${t.sector} is null or ${t.sector} in ('SD','SA','SI','ID','IA','II','S','I')`,
    ),
    check('lineas_estado', sql.raw(`estado in (${ESTADOS})`)),
    check('lineas_periodo', sql`${t.periodo} = to_char(${t.fecha}, 'YYYY-MM')`),
    check(
      'lineas_importes',
      sql`${t.importe} >= 0 and ${t.coseguro} >= 0 and ${t.cargoOs} >= 0 and ${t.coseguro} + ${t.cargoOs} = ${t.importe}`,
    ),
    check('lineas_anulada', sql`(${t.estado} = 'anulada') = (${t.anuladaAt} is not null)`),
    uniqueIndex('lineas_refactura_de_key').on(t.refacturaDe),
    index('lineas_cierre_idx').on(t.cierre, t.estado).where(sql`${t.cierre} is not null`),
    // Each month's random sample, for contracts that extrapolate what it finds.
    index('lineas_muestra_azar_idx').on(t.cierre, t.profesionalId).where(sql`${t.muestra} = 'azar'`),
    // What the next closing presents: the lines still validated, by affiliate.
    index('lineas_validadas_idx').on(t.afiliadoId, t.id).where(sql`${t.estado} = 'validada'`),
    // The audit's queue, and what a closing settles: both small beside the whole table.
    index('lineas_en_auditoria_idx')
      .on(t.cierre, t.fecha, t.id)
      .where(sql`${t.estado} in ('presentada','observada','reconsideracion')`),
    index('lineas_por_liquidar_idx')
      .on(t.id)
      .where(sql`${t.estado} in ('aprobada','aprobada_parcial','rechazada')`),
    check(
      'lineas_aprobado',
      sql`${t.importeAprobado} is null or (${t.importeAprobado} between 0 and ${t.cargoOs})`,
    ),
    check(
      'lineas_muestra',
      sql`${t.muestra} is null or ${t.muestra} in ('azar','monto','desvio','aviso','alarma')`,
    ),
  ],
);

/**
 * The affiliate's answer about a visit: whether it happened, and what was
 * charged at the office beside the visit's copay. Observed when it did not
 * happen or the charge passed the copay: staff's queue holds it until
 * someone reviews it.
 */
export const confirmaciones = pgTable(
  'confirmaciones',
  {
    atencionId: integer('atencion_id')
      .primaryKey()
      .references(() => atenciones.id, { onDelete: 'cascade' }),
    afiliadoId: integer('afiliado_id')
      .notNull()
      .references(() => afiliados.id, { onDelete: 'cascade' }),
    atendido: boolean('atendido').notNull(),
    cobro: integer('cobro').notNull().default(0),
    coseguro: integer('coseguro').notNull(),
    observada: boolean('observada').notNull(),
    respondidaAt: timestamp('respondida_at', { withTimezone: true }).notNull().defaultNow(),
    revisadaAt: timestamp('revisada_at', { withTimezone: true }),
    revisadaBy: integer('revisada_by').references(() => users.id, { onDelete: 'set null' }),
    /** What staff found when they looked into it (the call to the affiliate, the dentist's answer). */
    nota: text('nota'),
  },
  (t) => [
    index('confirmaciones_observadas_idx')
      .on(t.respondidaAt)
      .where(sql`${t.observada} and ${t.revisadaAt} is null`),
    // Every observed answer by when it came: the reviewed list and the dashboard's year per dentist.
    index('confirmaciones_observadas_todas_idx').on(t.respondidaAt).where(sql`${t.observada}`),
    check('confirmaciones_cobro_check', sql`${t.cobro} >= 0 and ${t.coseguro} >= 0`),
  ],
);
