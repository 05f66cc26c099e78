import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const MAIL_STATUS = ['pending', 'sent', 'failed'] as const;

/**
 * Mail outbox: rows are inserted in the transaction that causes the mail and sent by the worker.
 * A mail that carries a single-use link (`carries_secret`) keeps only its recipient, template,
 * subject and dates once it is sent or given up: its body is cleared. Sent rows are purged after 30 days.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    /** Which mail this is (e.g. 'recuperar-contrasena'), kept after the body is cleared. */
    template: text('template').notNull(),
    carriesSecret: boolean('carries_secret').notNull().default(false),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: MAIL_STATUS }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

/**
 * Who did what to which entity, from which address: every write by staff, every
 * read of an affiliate's data, and every export. The actor's name and role are
 * kept as they were at the time, so the row still says who it was after the
 * account changes or goes. `documento` and `afiliado_ids` name the affiliates a
 * row is about (one for a check or a record opened, many for a search), so an
 * affiliate can be told who looked up their data.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's e-mail at the time, kept even if the user is later removed. */
    actorLabel: text('actor_label').notNull(),
    /** The actor's name at the time: the professional's, or the staff member's. */
    actorNombre: text('actor_nombre'),
    /** 'Profesional' for a professional of the network, else the actor's role names at the time. */
    actorRol: text('actor_rol'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details'),
    /** The affiliate's document, when the row is about one affiliate (found or not). */
    documento: text('documento'),
    /** The affiliates the row is about: the one checked or opened, or those a search showed. */
    afiliadoIds: integer('afiliado_ids').array(),
    /** The client's address as the server trusted it (TRUST_PROXY). */
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first, alone or with one filter: each filter has its index ending in the order.
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entity, t.createdAt, t.id),
    // An account and an action together (what did this person delete?): without it a combination
    // common apart but rare together reads all of the account's rows.
    index('audit_log_actor_action_idx').on(t.actorUserId, t.action, t.createdAt, t.id),
    index('audit_log_documento_idx')
      .on(t.documento, t.createdAt, t.id)
      .where(sql`${t.documento} is not null`),
    index('audit_log_afiliados_idx').using('gin', t.afiliadoIds),
  ],
);

export const geocodeCache = pgTable('geocode_cache', {
  query: text('query').primaryKey(),
  results: jsonb('results').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every instance (sign-in, registration and recovery limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** Instance-wide settings generated once (e.g. the JWT secret when JWT_SECRET is not set). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
