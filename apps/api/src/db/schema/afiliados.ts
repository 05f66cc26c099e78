import { sql } from 'drizzle-orm';
import {
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { obrasSociales } from './obras-sociales.ts';
import { planes } from './planes.ts';

export const afiliados = pgTable(
  'afiliados',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    /** nombre lower-cased and without accents (searchKey): the order of every list. */
    nombreBusqueda: text('nombre_busqueda').notNull(),
    /** Every prefix of every word of nombre_busqueda, kept by the database: what name search matches. */
    nombrePrefijos: text('nombre_prefijos').array().generatedAlwaysAs(sql`name_prefixes(nombre_busqueda)`),
    tipoDocumento: text('tipo_documento').notNull(),
    /** Normalised: only upper-case letters and digits. Unique, since login is by document alone. */
    documento: text('documento').notNull(),
    fechaNacimiento: date('fecha_nacimiento', { mode: 'string' }),
    obraSocialId: integer('obra_social_id').references(() => obrasSociales.id, { onDelete: 'set null' }),
    /** A plan of the affiliate's own insurer (the composite key below holds it there); null: none yet. */
    planId: integer('plan_id'),
    /** The number on the insurer's card, as the insurer writes it. */
    numeroAfiliado: text('numero_afiliado'),
    /** The day the affiliate joined the plan: waiting periods count from it. */
    fechaAlta: date('fecha_alta', { mode: 'string' }),
    /** Confirmed address: the only one that ever receives mail. */
    email: text('email'),
    /**
     * When the confirmed address was proven by its link (null: before this was kept). The token is
     * not enrolled by mail to an address proven days ago only: whoever signs in with a document can
     * enter an address of their own.
     */
    emailConfirmadoAt: timestamp('email_confirmado_at', { withTimezone: true }),
    /** Address entered in the portal and waiting for its confirmation link to be opened. */
    emailPendiente: text('email_pendiente'),
    emailTokenHash: text('email_token_hash'),
    emailTokenExpiresAt: timestamp('email_token_expires_at', { withTimezone: true }),
    telefono: text('telefono'),
    /** Carried in the affiliate's tokens and file links; bumped by signing out, to end them all. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * When staff gave the affiliate de baja (null: active). Kept, not deleted: the record, its
     * notifications and its audit trail stay, and reactivation undoes it (decision 075).
     */
    bajaAt: timestamp('baja_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // text_pattern_ops serves both the exact match and the document-prefix search, a byte-order range
    // (~>=~ '301' and ~<~ '302') that a generic plan can use whatever the collation (decision 024).
    uniqueIndex('afiliados_documento_key').on(t.documento.op('text_pattern_ops')),
    index('afiliados_nombre_prefijos_idx').using('gin', t.nombrePrefijos),
    // Lists are ordered by the folded name in byte order ("C"): the same order on every backend and
    // collation, read straight from these indexes (no sort of a million rows) when a search has many
    // matches; name search itself goes through the word-prefix array above (decision 020).
    index('afiliados_nombre_orden_idx').on(sql`${t.nombreBusqueda} collate "C"`, t.id),
    index('afiliados_obra_social_orden_idx').on(t.obraSocialId, sql`${t.nombreBusqueda} collate "C"`, t.id),
    // The few de baja, in the same order, for the list's 'De baja' filter: a page and its count read
    // only them instead of walking past every active affiliate ('Activos' is nearly everyone, and
    // the indexes above serve it).
    index('afiliados_baja_orden_idx')
      .on(sql`${t.nombreBusqueda} collate "C"`, t.id)
      .where(sql`${t.bajaAt} is not null`),
    index('afiliados_obra_social_baja_orden_idx')
      .on(t.obraSocialId, sql`${t.nombreBusqueda} collate "C"`, t.id)
      .where(sql`${t.bajaAt} is not null`),
    uniqueIndex('afiliados_email_token_key').on(t.emailTokenHash),
    foreignKey({
      name: 'afiliados_plan_fk',
      columns: [t.planId, t.obraSocialId],
      foreignColumns: [planes.id, planes.obraSocialId],
    }).onDelete('restrict'),
    index('afiliados_plan_idx').on(t.planId),
  ],
);

/**
 * How many active affiliates each insurer has (0: none), kept by statement
 * triggers on afiliados (migrations 0028 and 0029) so the dashboard never
 * counts a million rows.
 */
export const afiliadosPorObraSocial = pgTable('afiliados_por_obra_social', {
  obraSocialId: integer('obra_social_id').primaryKey(),
  afiliados: integer('afiliados').notNull().default(0),
});
