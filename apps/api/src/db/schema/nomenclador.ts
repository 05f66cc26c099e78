import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The network's code table. The chapter is the code's first two digits (one
 * of the ten of the contracts' CAPITULOS); the treatment area says what a line
 * of the code names (decision 088).
 */
export const codigosPrestacion = pgTable(
  'codigos_prestacion',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull(),
    capitulo: text('capitulo').notNull(),
    nombre: text('nombre').notNull(),
    /** nombre lower-cased and without accents (searchKey): what a search by name matches. */
    nombreBusqueda: text('nombre_busqueda').notNull(),
    /** The norm's text: what the code includes and how it is billed. */
    norma: text('norma'),
    area: text('area').notNull(),
    carasMin: smallint('caras_min').notNull().default(0),
    carasMax: smallint('caras_max').notNull().default(0),
    denticion: text('denticion').notNull(),
    /** Units in hundredths (250 is 2,5 units), for fees set as units × the unit's value. */
    unidades: integer('unidades'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('codigos_prestacion_codigo_key').on(t.codigo),
    index('codigos_prestacion_capitulo_idx').on(t.capitulo, t.codigo),
    check('codigos_prestacion_codigo_format', sql`${t.codigo} ~ '^[0-9]{2}\\.[0-9]{2}(\\.[0-9]{2})?$'`),
    check('codigos_prestacion_capitulo_of_codigo', sql`${t.capitulo} = left(${t.codigo}, 2)`),
    check(
      'codigos_prestacion_capitulo_known',
      sql`${t.capitulo} in ('01','02','03','04','05','06','07','08','09','10')`,
    ),
    check('codigos_prestacion_area', sql`${t.area} in ('boca','arcada','sector','pieza','caras')`),
    check('codigos_prestacion_denticion', sql`${t.denticion} in ('permanente','temporaria','ambas')`),
    check(
      'codigos_prestacion_caras',
      sql`(${t.area} = 'caras' and ${t.carasMin} between 1 and 5 and ${t.carasMax} between ${t.carasMin} and 5)
        or (${t.area} <> 'caras' and ${t.carasMin} = 0 and ${t.carasMax} = 0)`,
    ),
    check('codigos_prestacion_unidades', sql`${t.unidades} is null or ${t.unidades} > 0`),
  ],
);

/** Codes a plan's rules name together ('Obturaciones', 'Prótesis fija'); names unique whatever their case. */
export const gruposCodigos = pgTable(
  'grupos_codigos',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('grupos_codigos_nombre_key').on(sql`lower(${t.nombre})`)],
);

export const gruposCodigosItems = pgTable(
  'grupos_codigos_items',
  {
    grupoId: integer('grupo_id')
      .notNull()
      .references(() => gruposCodigos.id, { onDelete: 'cascade' }),
    codigoId: integer('codigo_id')
      .notNull()
      .references(() => codigosPrestacion.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoId, t.codigoId] }),
    index('grupos_codigos_items_codigo_idx').on(t.codigoId),
  ],
);
