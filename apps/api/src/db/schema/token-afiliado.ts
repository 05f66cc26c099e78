import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { afiliados } from './afiliados.ts';
import { users } from './users.ts';

/**
 * A phone that shows the affiliate's token: its secrets (sealed with the
 * secret box), the step it computes with, how it was enrolled, and the last
 * time step a validation accepted (a code is good once). At most one is
 * active per affiliate; an ended one stays, with when and why.
 */
export const tokenDispositivos = pgTable(
  'token_dispositivos',
  {
    id: serial('id').primaryKey(),
    afiliadoId: integer('afiliado_id')
      .notNull()
      .references(() => afiliados.id, { onDelete: 'cascade' }),
    secreto: text('secreto').notNull(),
    /**
     * A second secret (sealed) for the phone's proof when it reads the affiliate's health data: the
     * codes said aloud at the chair never open them.
     */
    secretoLectura: text('secreto_lectura').notNull(),
    pasoSegundos: smallint('paso_segundos').notNull(),
    via: text('via').notNull(),
    etiqueta: text('etiqueta').notNull(),
    ultimoPaso: bigint('ultimo_paso', { mode: 'number' }),
    ultimoUsoAt: timestamp('ultimo_uso_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finAt: timestamp('fin_at', { withTimezone: true }),
    fin: text('fin'),
    finBy: integer('fin_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('token_dispositivos_activo_key').on(t.afiliadoId).where(sql`${t.finAt} is null`),
    index('token_dispositivos_afiliado_idx').on(t.afiliadoId),
    check('token_dispositivos_via_check', sql`${t.via} in ('correo', 'codigo')`),
    check(
      'token_dispositivos_fin_check',
      sql`(${t.finAt} is null) = (${t.fin} is null) and (${t.fin} is null or ${t.fin} in ('cierre_sesion', 'revocado', 'reemplazado', 'otro_afiliado'))`,
    ),
  ],
);

/**
 * A way to enrol a device, used once: the key of a link mailed to the proven
 * e-mail (its SHA-256) or a code staff printed (its keyed hash). A printed
 * code replaces the earlier ones not used.
 */
export const tokenActivaciones = pgTable(
  'token_activaciones',
  {
    id: serial('id').primaryKey(),
    afiliadoId: integer('afiliado_id')
      .notNull()
      .references(() => afiliados.id, { onDelete: 'cascade' }),
    via: text('via').notNull(),
    hash: text('hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('token_activaciones_hash_key').on(t.hash),
    index('token_activaciones_afiliado_idx').on(t.afiliadoId),
    check('token_activaciones_via_check', sql`${t.via} in ('correo', 'codigo')`),
  ],
);
