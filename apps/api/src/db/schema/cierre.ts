import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { convenios } from './convenios.ts';
import { notificaciones } from './notificaciones.ts';
import { obrasSociales } from './obras-sociales.ts';
import { lineas } from './prestaciones.ts';
import { profesionales } from './profesionales.ts';
import { users } from './users.ts';

/**
 * A month the network has closed. The row is written in the closing's own
 * transaction, so it exists exactly when every line of the closing does:
 * a closing cut off half-way leaves no row and nothing else.
 */
export const periodos = pgTable(
  'periodos',
  {
    periodo: text('periodo').primaryKey(),
    /** The network's day the closing ran: what late lines and observations are measured against. */
    fechaCierre: date('fecha_cierre', { mode: 'string' }).notNull(),
    semilla: integer('semilla').notNull(),
    /** The sample's terms: {porcentaje, desde, desvio}. */
    muestra: jsonb('muestra').notNull(),
    cerradoAt: timestamp('cerrado_at', { withTimezone: true }).notNull().defaultNow(),
    cerradoBy: integer('cerrado_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The contracts whose terms said, when the month closed, that its random
     * sample's findings extrapolate: a contract that says so later does not
     * reach back to months closed before.
     */
    extrapolan: integer('extrapolan').array().notNull().default(sql`'{}'::int[]`),
  },
  (t) => [check('periodos_periodo', sql`${t.periodo} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

/** What the closing's rules found on a line that the chair had not said. */
export const alarmasCierre = pgTable(
  'alarmas_cierre',
  {
    id: serial('id').primaryKey(),
    periodo: text('periodo')
      .notNull()
      .references(() => periodos.periodo, { onDelete: 'cascade' }),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id, { onDelete: 'cascade' }),
    codigo: text('codigo').notNull(),
    mensaje: text('mensaje').notNull(),
  },
  (t) => [
    index('alarmas_cierre_periodo_idx').on(t.periodo, t.lineaId),
    index('alarmas_cierre_linea_idx').on(t.lineaId),
  ],
);

/**
 * A dentist's settlement for a period: the sums of its items, fixed when the
 * closing made it (bigint: a month's sums pass what one line's amount holds).
 */
export const liquidaciones = pgTable(
  'liquidaciones',
  {
    id: serial('id').primaryKey(),
    periodo: text('periodo')
      .notNull()
      .references(() => periodos.periodo, { onDelete: 'restrict' }),
    profesionalId: integer('profesional_id')
      .notNull()
      .references(() => profesionales.id, { onDelete: 'restrict' }),
    lineas: integer('lineas').notNull(),
    bruto: bigint('bruto', { mode: 'number' }).notNull(),
    coseguros: bigint('coseguros', { mode: 'number' }).notNull(),
    debitos: bigint('debitos', { mode: 'number' }).notNull(),
    neto: bigint('neto', { mode: 'number' }).notNull(),
    emitidaEl: date('emitida_el', { mode: 'string' }).notNull(),
    pagadaEl: date('pagada_el', { mode: 'string' }),
    /**
     * When its statement (the PDF) was published to the dentist, and the
     * notification that carries it (gone if staff delete it: it stays
     * published). Until then the publisher has it pending.
     */
    publicadaAt: timestamp('publicada_at', { withTimezone: true }),
    notificacionId: integer('notificacion_id').references(() => notificaciones.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('liquidaciones_periodo_profesional_key').on(t.periodo, t.profesionalId),
    index('liquidaciones_profesional_idx').on(t.profesionalId, t.periodo),
    index('liquidaciones_sin_publicar_idx').on(t.id).where(sql`${t.publicadaAt} is null`),
    check('liquidaciones_suma', sql`${t.bruto} = ${t.coseguros} + ${t.debitos} + ${t.neto}`),
  ],
);

/** An insurer's lot for a period: the approved lines of one contract, under one invoice number. */
export const lotes = pgTable(
  'lotes',
  {
    id: serial('id').primaryKey(),
    periodo: text('periodo')
      .notNull()
      .references(() => periodos.periodo, { onDelete: 'restrict' }),
    convenioId: integer('convenio_id')
      .notNull()
      .references(() => convenios.id, { onDelete: 'restrict' }),
    obraSocialId: integer('obra_social_id')
      .notNull()
      .references(() => obrasSociales.id, { onDelete: 'restrict' }),
    numeroFactura: text('numero_factura').notNull(),
    lineas: integer('lineas').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    presentarAntes: date('presentar_antes', { mode: 'string' }).notNull(),
    pagadoEl: date('pagado_el', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('lotes_periodo_convenio_key').on(t.periodo, t.convenioId),
    uniqueIndex('lotes_numero_factura_key').on(t.numeroFactura),
    check('lotes_total', sql`${t.total} >= 0 and ${t.lineas} >= 0`),
  ],
);

/**
 * One line of a settlement, and of the lot that bills it: a line presented
 * (its fee, the copay collected, the network's débito, the dentist's net),
 * what a reconsideration gave back, an insurer's débito passed on, or the
 * share of a line debited by extrapolating its month's random sample. Every
 * centavo of the fee is one of the three: importe = coseguro + débito + neto.
 * A line is settled once and given back at most once (the partial unique
 * indexes), so no closing can pay it twice.
 */
export const liquidacionItems = pgTable(
  'liquidacion_items',
  {
    id: serial('id').primaryKey(),
    liquidacionId: integer('liquidacion_id')
      .notNull()
      .references(() => liquidaciones.id, { onDelete: 'cascade' }),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id, { onDelete: 'restrict' }),
    tipo: text('tipo').notNull(),
    importe: integer('importe').notNull(),
    coseguro: integer('coseguro').notNull(),
    debito: integer('debito').notNull(),
    neto: integer('neto').notNull(),
    motivo: text('motivo'),
    motivoText: text('motivo_text'),
    nota: text('nota'),
    loteId: integer('lote_id').references(() => lotes.id, { onDelete: 'restrict' }),
    /** The insurer's débito this item passes on to the dentist. */
    debitoOsId: integer('debito_os_id').references((): AnyPgColumn => debitosOs.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('liquidacion_items_liquidacion_idx').on(t.liquidacionId, t.id),
    index('liquidacion_items_lote_idx').on(t.loteId, t.id).where(sql`${t.loteId} is not null`),
    uniqueIndex('liquidacion_items_prestacion_key').on(t.lineaId).where(sql`${t.tipo} = 'prestacion'`),
    uniqueIndex('liquidacion_items_reintegro_key').on(t.lineaId).where(sql`${t.tipo} = 'reintegro'`),
    uniqueIndex('liquidacion_items_extrapolacion_key').on(t.lineaId).where(sql`${t.tipo} = 'extrapolacion'`),
    uniqueIndex('liquidacion_items_debito_os_key').on(t.debitoOsId),
    check('liquidacion_items_debito_os', sql`(${t.tipo} = 'debito_os') = (${t.debitoOsId} is not null)`),
    check('liquidacion_items_tipo', sql`${t.tipo} in ('prestacion','reintegro','debito_os','extrapolacion')`),
    check('liquidacion_items_suma', sql`${t.importe} = ${t.coseguro} + ${t.debito} + ${t.neto}`),
  ],
);

/**
 * A débito the insurer made on a line of a lot: how much and why, and who
 * bears it: passed on to a dentist (the line's own, or for a guarantee redone
 * by another, the one whose work was under guarantee) or absorbed by the
 * network. Decided by rule from its reason, or by hand; a line is debited
 * once per lot.
 */
export const debitosOs = pgTable(
  'debitos_os',
  {
    id: serial('id').primaryKey(),
    loteId: integer('lote_id')
      .notNull()
      .references(() => lotes.id, { onDelete: 'restrict' }),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id, { onDelete: 'restrict' }),
    importe: integer('importe').notNull(),
    /** The insurer's reason as it wrote it, and its débito code when it gave one. */
    motivo: text('motivo').notNull(),
    codigo: text('codigo'),
    decision: text('decision'),
    /** The dentist it is passed on to. */
    cargoA: integer('cargo_a').references(() => profesionales.id, { onDelete: 'restrict' }),
    porRegla: boolean('por_regla').notNull().default(false),
    archivo: text('archivo').notNull(),
    decididoBy: integer('decidido_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('debitos_os_lote_linea_key').on(t.loteId, t.lineaId),
    index('debitos_os_linea_idx').on(t.lineaId),
    check('debitos_os_importe', sql`${t.importe} > 0`),
    check('debitos_os_decision', sql`${t.decision} is null or ${t.decision} in ('trasladado','absorbido')`),
    check('debitos_os_cargo', sql`(${t.decision} = 'trasladado') = (${t.cargoA} is not null)`),
  ],
);

/**
 * What a closing presented, per insurer, fixed by the closing itself so that
 * the dashboard reads a month in a handful of rows instead of its lines: the
 * lines and their fees, how many the rules approved with no auditor, and the
 * network's débitos settled in it (less what reconsiderations gave back).
 */
export const cierreCifras = pgTable(
  'cierre_cifras',
  {
    periodo: text('periodo')
      .notNull()
      .references(() => periodos.periodo, { onDelete: 'cascade' }),
    obraSocialId: integer('obra_social_id')
      .notNull()
      .references(() => obrasSociales.id, { onDelete: 'restrict' }),
    lineas: integer('lineas').notNull(),
    presentado: bigint('presentado', { mode: 'number' }).notNull(),
    automaticas: integer('automaticas').notNull(),
    debitadoRed: bigint('debitado_red', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodo, t.obraSocialId] })],
);

/** The network's débitos a closing settled, by reason (null: without a code), fixed by the closing. */
export const cierreMotivos = pgTable(
  'cierre_motivos',
  {
    id: serial('id').primaryKey(),
    periodo: text('periodo')
      .notNull()
      .references(() => periodos.periodo, { onDelete: 'cascade' }),
    motivo: text('motivo'),
    /** Débitos of lines approved unseen, extrapolated from their month's random sample (no reason code). */
    extrapolacion: boolean('extrapolacion').notNull().default(false),
    cantidad: integer('cantidad').notNull(),
    importe: bigint('importe', { mode: 'number' }).notNull(),
  },
  (t) => [index('cierre_motivos_periodo_idx').on(t.periodo)],
);

/**
 * A dentist's random sample of a month, under one contract that extrapolates
 * it, once every line of it was decided: what was sampled and what the
 * auditors debited of it. Written by the closing that extrapolated it, so
 * that no later closing reads that sample again.
 */
export const extrapolaciones = pgTable(
  'extrapolaciones',
  {
    periodo: text('periodo')
      .notNull()
      .references(() => periodos.periodo, { onDelete: 'cascade' }),
    profesionalId: integer('profesional_id')
      .notNull()
      .references(() => profesionales.id, { onDelete: 'restrict' }),
    convenioId: integer('convenio_id')
      .notNull()
      .references(() => convenios.id, { onDelete: 'restrict' }),
    muestreado: bigint('muestreado', { mode: 'number' }).notNull(),
    debitado: bigint('debitado', { mode: 'number' }).notNull(),
    /** The closing that extrapolated it. */
    en: text('en').notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodo, t.profesionalId, t.convenioId] })],
);
