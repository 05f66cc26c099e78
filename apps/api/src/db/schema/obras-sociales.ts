import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const obrasSociales = pgTable(
  'obras_sociales',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    mails: text('mails').array().notNull().default(sql`'{}'::text[]`),
    telefonos: text('telefonos').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Names are unique regardless of case: "OSDE" and "osde" are the same insurer.
  (t) => [uniqueIndex('obras_sociales_nombre_key').on(sql`lower(${t.nombre})`)],
);
