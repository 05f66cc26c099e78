import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
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
import { afiliados } from './afiliados.ts';
import { users } from './users.ts';

export const RECIPIENT_TYPES = ['afiliados', 'profesionales'] as const;

export const notificaciones = pgTable(
  'notificaciones',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    recipientType: text('recipient_type', { enum: RECIPIENT_TYPES }).notNull(),
    /** Where the PDF is kept (a path under DATA_DIR/files or an S3 key). */
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The filters chosen when it was sent (insurers, zones, specialties, professionals), for the record. */
    filters: jsonb('filters').notNull().default(sql`'{}'::jsonb`),
    /** How many received it (frozen at send time) and how many have read it, for 'Leída por X de N'. */
    recipientCount: integer('recipient_count').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Written by the network itself, one per recipient (each dentist's monthly
     * statement), not sent by staff: their recipients read them like any
     * other, but staff's list and the dashboard count what staff sent.
     */
    automatica: boolean('automatica').notNull().default(false),
  },
  (t) => [
    index('notificaciones_category_created_idx').on(t.category, t.createdAt),
    index('notificaciones_created_idx').on(t.createdAt),
    // Each download through a signed link finds its notification by the file.
    uniqueIndex('notificaciones_file_key').on(t.fileKey),
  ],
);

/** One row per recipient, written when the notification is sent, with its read flag. */
export const notificacionDestinatarios = pgTable(
  'notificacion_destinatarios',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificacionId: integer('notificacion_id')
      .notNull()
      .references(() => notificaciones.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    afiliadoId: integer('afiliado_id').references(() => afiliados.id, { onDelete: 'cascade' }),
    /** The notification's category, copied so unread counts are read from one index. */
    category: text('category').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // Partial: a row has one kind of recipient, so each row enters only its own kind's key (not a
    // (null, notification) entry in the other): 100,000 fewer index entries in a send to 100,000 affiliates.
    uniqueIndex('notificacion_destinatarios_user_key')
      .on(t.userId, t.notificacionId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('notificacion_destinatarios_afiliado_key')
      .on(t.afiliadoId, t.notificacionId)
      .where(sql`${t.afiliadoId} is not null`),
    // With the row's id: a notification's recipients are read (and exported) in id order, a batch at a time.
    index('notificacion_destinatarios_notificacion_idx').on(t.notificacionId, t.id),
    index('notificacion_destinatarios_user_unread_idx')
      .on(t.userId, t.category)
      .where(sql`${t.readAt} is null and ${t.userId} is not null`),
    index('notificacion_destinatarios_afiliado_unread_idx')
      .on(t.afiliadoId, t.category)
      .where(sql`${t.readAt} is null and ${t.afiliadoId} is not null`),
    check('notificacion_destinatarios_one_recipient', sql`num_nonnulls(${t.userId}, ${t.afiliadoId}) = 1`),
  ],
);

/**
 * A user's unread notifications per category, kept by statement-level
 * triggers on `notificacion_destinatarios` (migration 0014): every insert,
 * read mark and deletion (cascades included) moves the counts in the same
 * statement, so the sidebar's check reads a handful of rows, however many
 * notifications the user has. Affiliates, who have no unread marker, are
 * counted from the recipients' partial index instead (decision 051).
 */
export const notificacionUnreadCounts = pgTable(
  'notificacion_unread_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    unread: integer('unread').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);
