import type { Ausencia, WeeklySchedule } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { afiliados } from './afiliados.ts';
import { obrasSociales } from './obras-sociales.ts';
import { users } from './users.ts';

export const especialidades = pgTable(
  'especialidades',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
  },
  // 'Ortodoncia' and 'ortodoncia' are one specialty: the name is unique whatever its case.
  (t) => [uniqueIndex('especialidades_nombre_key').on(sql`lower(${t.nombre})`)],
);

export const zonas = pgTable('zonas', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull(),
  numero: integer('numero').notNull().unique(),
});

export const profesionales = pgTable(
  'profesionales',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    razonSocial: text('razon_social'),
    /** nombre and razonSocial lower-cased and without accents, for substring search. */
    busqueda: text('busqueda').notNull().default(''),
    email: text('email').notNull(),
    telefono: text('telefono'),
    direccion: text('direccion'),
    depto: text('depto'),
    lat: numeric('lat', { precision: 9, scale: 6 }),
    long: numeric('long', { precision: 9, scale: 6 }),
    localidad: text('localidad'),
    zonaId: integer('zona_id').references(() => zonas.id, { onDelete: 'set null' }),
    horarios: jsonb('horarios').$type<WeeklySchedule>().notNull().default(sql`'{}'::jsonb`),
    guardias: jsonb('guardias').$type<WeeklySchedule>().notNull().default(sql`'{}'::jsonb`),
    /** Where lat/long came from: the geocoder, or the pin dragged on the profile map. */
    ubicacionOrigen: text('ubicacion_origen', { enum: ['geocoder', 'manual'] }),
    /** The licence number and who issued it (a province, or the nation); optional. */
    matricula: text('matricula'),
    matriculaJurisdiccion: text('matricula_jurisdiccion'),
    /** When staff checked the licence, and who. */
    matriculaVerificadaAt: timestamp('matricula_verificada_at', { withTimezone: true }),
    matriculaVerificadaPor: integer('matricula_verificada_por').references(() => users.id, {
      onDelete: 'set null',
    }),
    aceptaNuevosPacientes: boolean('acepta_nuevos_pacientes').notNull().default(true),
    /** Date ranges (yyyy-mm-dd, both included) when the office is closed. */
    ausencias: jsonb('ausencias').$type<Ausencia[]>().notNull().default(sql`'[]'::jsonb`),
    /** The last time the dentist saved the own profile or confirmed it is up to date. */
    datosConfirmadosAt: timestamp('datos_confirmados_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profesionales_user_key').on(t.userId),
    index('profesionales_busqueda_trgm_idx').using('gin', t.busqueda.op('gin_trgm_ops')),
    index('profesionales_nombre_idx').on(t.nombre),
    index('profesionales_zona_idx').on(t.zonaId),
  ],
);

export const profesionalEspecialidades = pgTable(
  'profesional_especialidades',
  {
    profesionalId: integer('profesional_id')
      .notNull()
      .references(() => profesionales.id, { onDelete: 'cascade' }),
    // A specialty in someone's profile cannot be deleted (staff get a 409 saying who has it).
    especialidadId: integer('especialidad_id')
      .notNull()
      .references(() => especialidades.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.profesionalId, t.especialidadId] }),
    index('profesional_especialidades_esp_idx').on(t.especialidadId),
  ],
);

export const profesionalObrasSociales = pgTable(
  'profesional_obras_sociales',
  {
    profesionalId: integer('profesional_id')
      .notNull()
      .references(() => profesionales.id, { onDelete: 'cascade' }),
    obraSocialId: integer('obra_social_id')
      .notNull()
      .references(() => obrasSociales.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.profesionalId, t.obraSocialId] }),
    index('profesional_obras_sociales_os_idx').on(t.obraSocialId),
  ],
);

/** An affiliate's report that a provider's listing in the directory is wrong; staff close it once fixed. */
export const profesionalReportes = pgTable(
  'profesional_reportes',
  {
    id: serial('id').primaryKey(),
    profesionalId: integer('profesional_id')
      .notNull()
      .references(() => profesionales.id, { onDelete: 'cascade' }),
    afiliadoId: integer('afiliado_id').references(() => afiliados.id, { onDelete: 'set null' }),
    motivo: text('motivo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cerradoAt: timestamp('cerrado_at', { withTimezone: true }),
    cerradoPor: integer('cerrado_por').references(() => users.id, { onDelete: 'set null' }),
    /** What staff found or did when closing it; the reporting affiliate reads it too. */
    nota: text('nota'),
  },
  (t) => [
    index('profesional_reportes_abiertos_idx')
      .on(t.profesionalId, t.createdAt)
      .where(sql`${t.cerradoAt} is null`),
    // The staff queue of closed reports, newest first.
    index('profesional_reportes_cerrados_idx').on(t.cerradoAt).where(sql`${t.cerradoAt} is not null`),
    // Deleting affiliates (an import's replacement) sets their reports' author to null.
    index('profesional_reportes_afiliado_idx').on(t.afiliadoId),
  ],
);

/**
 * The last reminder to confirm a provider's data (at most one every 30 days),
 * and its link: only its SHA-256 is kept, cleared when used, and it expires.
 * Apart from the provider's row, so sending reminders never changes the
 * directory's version.
 */
export const profesionalRecordatorios = pgTable('profesional_recordatorios', {
  profesionalId: integer('profesional_id')
    .primaryKey()
    .references(() => profesionales.id, { onDelete: 'cascade' }),
  enviadoAt: timestamp('enviado_at', { withTimezone: true }).notNull().defaultNow(),
  tokenHash: text('token_hash').unique(),
  expiraAt: timestamp('expira_at', { withTimezone: true }),
});

/**
 * The directory's version: one row, bumped by triggers (migration 0010) on
 * every write that can change what an affiliate's directory shows (providers,
 * their insurers and specialties, specialty names, account status). Reading it
 * is how an instance knows a directory it built is still current.
 */
export const directoryVersion = pgTable('directory_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
