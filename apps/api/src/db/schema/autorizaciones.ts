import { PIEZAS } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import {
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
import { lineas } from './prestaciones.ts';
import { profesionales } from './profesionales.ts';
import { users } from './users.ts';

const ESTADOS = `'en_revision','observada','aprobada','aprobada_parcial','rechazada','consumida','anulada'`;

/**
 * A dentist's request to treat before treating: one affiliate, the lines she
 * will do, under the contract and plan in force. The number is what the
 * line at the chair names. `respuesta_antes` is the contract's promise while
 * an auditor owes an answer; `vence_el`, how long an approval lasts. An
 * approved one past `vence_el` unused reads as vencida (no job moves it).
 */
export const autorizaciones = pgTable(
  'autorizaciones',
  {
    id: serial('id').primaryKey(),
    numero: text('numero').notNull(),
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
    estado: text('estado').notNull(),
    nota: text('nota'),
    respuestaAntes: timestamp('respuesta_antes', { withTimezone: true }),
    decididaAt: timestamp('decidida_at', { withTimezone: true }),
    decididaBy: integer('decidida_by').references(() => users.id, { onDelete: 'set null' }),
    motivo: text('motivo'),
    notaAuditor: text('nota_auditor'),
    venceEl: date('vence_el', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('autorizaciones_numero_key').on(t.numero),
    index('autorizaciones_afiliado_idx').on(t.afiliadoId),
    index('autorizaciones_profesional_idx').on(t.profesionalId, t.createdAt),
    // The auditors' queue: open requests by the clock.
    index('autorizaciones_cola_idx')
      .on(t.respuestaAntes, t.id)
      .where(sql`${t.estado} in ('en_revision','observada')`),
    check('autorizaciones_estado', sql.raw(`estado in (${ESTADOS})`)),
    check('autorizaciones_numero_format', sql`${t.numero} ~ '^AU-[2-9A-HJKMNP-Z]{8}$'`),
    check(
      'autorizaciones_aprobada',
      sql`${t.estado} not in ('aprobada','aprobada_parcial','consumida') or ${t.venceEl} is not null`,
    ),
  ],
);

/**
 * An item of a request: a code at a tooth and faces, or a sector, with what
 * the rules said when it was asked for. A partial approval approves some; a
 * validated line of the same code, tooth and faces consumes an approved one
 * (`linea_id`), once.
 */
export const autorizacionItems = pgTable(
  'autorizacion_items',
  {
    id: serial('id').primaryKey(),
    autorizacionId: integer('autorizacion_id')
      .notNull()
      .references(() => autorizaciones.id, { onDelete: 'cascade' }),
    codigoId: integer('codigo_id')
      .notNull()
      .references(() => codigosPrestacion.id, { onDelete: 'restrict' }),
    pieza: smallint('pieza'),
    caras: text('caras').notNull().default(''),
    sector: text('sector'),
    estado: text('estado').notNull().default('pendiente'),
    resultados: jsonb('resultados').notNull(),
    lineaId: integer('linea_id').references(() => lineas.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('autorizacion_items_autorizacion_idx').on(t.autorizacionId),
    uniqueIndex('autorizacion_items_linea_key').on(t.lineaId),
    check('autorizacion_items_pieza', sql.raw(`pieza is null or pieza in (${PIEZAS.join(',')})`)),
    check('autorizacion_items_caras', sql`${t.caras} ~ '^O?V?M?D?P?L?I?C?$'`),
    check('autorizacion_items_estado', sql`${t.estado} in ('pendiente','aprobado','rechazado')`),
    check('autorizacion_items_consumo', sql`${t.lineaId} is null or ${t.estado} = 'aprobado'`),
  ],
);

/** The thread of a request: the auditor asks, the dentist answers, both ways, in order. */
export const autorizacionMensajes = pgTable(
  'autorizacion_mensajes',
  {
    id: serial('id').primaryKey(),
    autorizacionId: integer('autorizacion_id')
      .notNull()
      .references(() => autorizaciones.id, { onDelete: 'cascade' }),
    de: text('de').notNull(),
    autorId: integer('autor_id').references(() => users.id, { onDelete: 'set null' }),
    texto: text('texto').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('autorizacion_mensajes_autorizacion_idx').on(t.autorizacionId, t.id),
    check('autorizacion_mensajes_de', sql`${t.de} in ('prestador','auditor')`),
  ],
);

/**
 * Each decision on a request (or, later, on a presented line): what was
 * decided, the state before and after, the reason and the note, by whom.
 */
export const decisiones = pgTable(
  'decisiones',
  {
    id: serial('id').primaryKey(),
    autorizacionId: integer('autorizacion_id').references(() => autorizaciones.id, { onDelete: 'cascade' }),
    lineaId: integer('linea_id').references(() => lineas.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    estadoAntes: text('estado_antes').notNull(),
    estadoDespues: text('estado_despues').notNull(),
    motivo: text('motivo'),
    nota: text('nota'),
    /** On a line approved in part: what the network pays of the insurer's share. */
    importe: integer('importe'),
    /** Who: the auditor who decided, or the dentist who answered or asked for reconsideration. */
    auditorId: integer('auditor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whether the auditor answered before the contract's promise then in force. */
    aTiempo: boolean('a_tiempo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('decisiones_autorizacion_idx').on(t.autorizacionId),
    index('decisiones_linea_idx').on(t.lineaId, t.id).where(sql`${t.lineaId} is not null`),
    check('decisiones_sobre', sql`num_nonnulls(${t.autorizacionId}, ${t.lineaId}) = 1`),
    index('decisiones_created_idx').on(t.createdAt),
  ],
);

/**
 * A file of a request, or of a presented line (an X-ray, a photo, a budget): stored by key in the
 * file storage, with its content's type as read from its bytes, its size and
 * its SHA-256 (of what was stored: a photo's location taken out).
 */
export const adjuntos = pgTable(
  'adjuntos',
  {
    id: serial('id').primaryKey(),
    autorizacionId: integer('autorizacion_id').references(() => autorizaciones.id, { onDelete: 'cascade' }),
    /** A file sent with a presented line: an answer to an observation or a reconsideration. */
    lineaId: integer('linea_id').references(() => lineas.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    nombre: text('nombre').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    subidoBy: integer('subido_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('adjuntos_autorizacion_idx').on(t.autorizacionId, t.id),
    index('adjuntos_linea_idx').on(t.lineaId, t.id).where(sql`${t.lineaId} is not null`),
    check('adjuntos_de', sql`num_nonnulls(${t.autorizacionId}, ${t.lineaId}) = 1`),
    uniqueIndex('adjuntos_storage_key').on(t.storageKey),
    check('adjuntos_tipo', sql`${t.tipo} in ('rx_pre','rx_post','foto','presupuesto')`),
    check('adjuntos_mime', sql`${t.mime} in ('image/jpeg','image/png','application/pdf')`),
    check('adjuntos_bytes', sql`${t.bytes} > 0`),
  ],
);
