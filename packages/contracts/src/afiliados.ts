import { z } from 'zod';
import { boundedString } from './common.ts';

export const DOCUMENT_TYPES = ['DNI', 'Pasaporte', 'LE', 'LC', 'CI'] as const;
export type TipoDocumento = (typeof DOCUMENT_TYPES)[number];
/** The edit modal offers only these two (spec section 5), plus the affiliate's current type. */
export const EDIT_DOCUMENT_TYPES = ['DNI', 'Pasaporte'] as const;
/** Types whose document is a plain number of 6 to 9 digits. */
export const NUMERIC_DOCUMENT_TYPES: readonly TipoDocumento[] = ['DNI', 'LE', 'LC'];

/**
 * Documents are stored and looked up in one form: everything but letters and
 * digits dropped, letters upper-cased ("30.123.456" → "30123456").
 */
export function normalizeDocumento(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase();
}

export function isValidDocumento(tipo: TipoDocumento, normalized: string): boolean {
  if (normalized.length === 0 || normalized.length > 20) return false;
  if (NUMERIC_DOCUMENT_TYPES.includes(tipo)) return /^\d{6,9}$/.test(normalized);
  return true;
}

// ---------------------------------------------------------------------------
// Afiliados: request and response shapes shared by the API and the screens.
// ---------------------------------------------------------------------------

/** Spanish texts of the affiliate screens and endpoints (spec sections 5 and 8, DESIGN section 3). */
export const AFILIADO_MESSAGES = {
  NOMBRE_REQUIRED: 'El nombre es obligatorio',
  TIPO_REQUIRED: 'El tipo de documento es obligatorio',
  TIPO_INVALID: 'El tipo de documento no es válido',
  DOCUMENTO_REQUIRED: 'El número de documento es obligatorio',
  DOCUMENTO_INVALID: 'El número de documento no es válido',
  DOCUMENTO_DIGITS: 'El documento debe tener entre 6 y 9 dígitos',
  OBRA_SOCIAL_REQUIRED: 'La obra social es obligatoria',
  OBRA_SOCIAL_UNKNOWN: 'La obra social seleccionada no existe',
  FECHA_INVALID: 'La fecha de nacimiento no es válida',
  EMAIL_INVALID: 'Email inválido',
  EMAIL_HINT: 'Ingrese su e-mail para recibir notificaciones y novedades!',
  DUPLICATE: 'Ya existe un afiliado con ese documento',
  NOT_FOUND: 'El afiliado no existe',
  CREATED: 'Afiliado cargado correctamente.',
  UPDATED: '¡Datos actualizados exitosamente!',
  UPDATE_FAILED: 'Ocurrió un error al actualizar los datos.',
  PROFILE_LOAD_FAILED: 'Error al cargar los datos del perfil.',
  SEARCH_PROMPT: 'Ingrese un DNI realizar la búsqueda.',
  EMAIL_TOKEN_INVALID: 'El enlace de confirmación no es válido o ya venció',
  EMAIL_CONFIRMED: 'Su email fue confirmado. Desde ahora recibirá allí las novedades del portal.',
} as const;

/** Document type as written by people and spreadsheets ('dni', 'PASAPORTE', 'Pasaporte') → its canonical name. */
export function parseTipoDocumento(raw: string): TipoDocumento | undefined {
  const key = raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase();
  return DOCUMENT_TYPES.find((t) => t.toUpperCase() === key);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in yyyy-mm-dd, not before 1900 and not in the future: a plausible birth date. */
export function isValidBirthDate(value: string, today: Date = new Date()): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return false;
  return year >= 1900 && value <= today.toISOString().slice(0, 10);
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_SHAPE.test(value);
}

/** Optional birth date: '' and null both mean "none"; absent stays absent (a profile update leaves it alone). */
export const fechaNacimientoSchema = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()))
  .refine((v) => v == null || isValidBirthDate(v), AFILIADO_MESSAGES.FECHA_INVALID);

export const tipoDocumentoSchema = z
  .string({ error: AFILIADO_MESSAGES.TIPO_REQUIRED })
  .trim()
  .min(1, AFILIADO_MESSAGES.TIPO_REQUIRED)
  .transform((v, ctx) => {
    const tipo = parseTipoDocumento(v);
    if (!tipo) {
      ctx.addIssue({ code: 'custom', message: AFILIADO_MESSAGES.TIPO_INVALID });
      return z.NEVER;
    }
    return tipo;
  });

/**
 * Body of POST /api/afiliados and PUT /api/afiliados/{id}. The document is
 * normalised ("30.123.456" → "30123456"); DNI, LE and LC must then have 6 to 9 digits.
 */
export const afiliadoInputSchema = z
  .object({
    nombre: z
      .string({ error: AFILIADO_MESSAGES.NOMBRE_REQUIRED })
      .trim()
      .min(1, AFILIADO_MESSAGES.NOMBRE_REQUIRED)
      .max(200, 'El texto es demasiado largo'),
    tipoDocumento: tipoDocumentoSchema,
    documento: z
      .string({ error: AFILIADO_MESSAGES.DOCUMENTO_REQUIRED })
      .max(40, AFILIADO_MESSAGES.DOCUMENTO_INVALID)
      .transform(normalizeDocumento)
      .refine((v) => v.length > 0, AFILIADO_MESSAGES.DOCUMENTO_REQUIRED),
    fecha_nacimiento: fechaNacimientoSchema,
    obraSocial: z.object(
      { id: z.coerce.number({ error: AFILIADO_MESSAGES.OBRA_SOCIAL_REQUIRED }).int().positive() },
      { error: AFILIADO_MESSAGES.OBRA_SOCIAL_REQUIRED },
    ),
  })
  .superRefine((v, ctx) => {
    if (!v.documento || isValidDocumento(v.tipoDocumento, v.documento)) return;
    const numeric = NUMERIC_DOCUMENT_TYPES.includes(v.tipoDocumento);
    ctx.addIssue({
      code: 'custom',
      path: ['documento'],
      message: numeric ? AFILIADO_MESSAGES.DOCUMENTO_DIGITS : AFILIADO_MESSAGES.DOCUMENTO_INVALID,
    });
  });
export type AfiliadoInput = z.infer<typeof afiliadoInputSchema>;

export const obraSocialRefSchema = z.object({ id: z.number(), nombre: z.string() });
export type ObraSocialRef = z.infer<typeof obraSocialRefSchema>;

/** An affiliate as lists and forms show it (spec section 3). */
export const afiliadoSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  tipoDocumento: z.string(),
  documento: z.string(),
  /** yyyy-mm-dd, or null when unknown. */
  fecha_nacimiento: z.string().nullable(),
  /** null: 'No asignada' (e.g. after its insurer was deleted). */
  obraSocial: obraSocialRefSchema.nullable(),
});
export type Afiliado = z.infer<typeof afiliadoSchema>;

/** GET /api/afiliados/paginated. pageIndex is 0-based. */
export const afiliadosPaginatedQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
  obraSocialId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
});
export type AfiliadosPaginatedQuery = z.infer<typeof afiliadosPaginatedQuerySchema>;

export const AFILIADOS_LIST_DEFAULT_LIMIT = 100;
export const AFILIADOS_LIST_MAX_LIMIT = 1000;

/** GET /api/afiliados: the same search rules, as a capped array. */
export const afiliadosListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(AFILIADOS_LIST_MAX_LIMIT).default(AFILIADOS_LIST_DEFAULT_LIMIT),
  search: z.string().trim().max(200).optional(),
  obraSocialId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
});

/** GET /api/afiliados/profile: the affiliate's own data. emailPendiente awaits its confirmation link. */
export const afiliadoProfileSchema = afiliadoSchema.extend({
  email: z.string().nullable(),
  emailPendiente: z.string().nullable(),
  telefono: z.string().nullable(),
});
export type AfiliadoProfile = z.infer<typeof afiliadoProfileSchema>;

/**
 * PUT /api/afiliados/profile. Only these three fields change; nombre,
 * documento and obraSocial, if sent, are ignored. '' means "clear".
 */
export const afiliadoProfileUpdateSchema = z.object({
  fecha_nacimiento: fechaNacimientoSchema,
  email: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null ? v : v.trim().toLowerCase()))
    .refine((v) => v == null || v === '' || isValidEmail(v), AFILIADO_MESSAGES.EMAIL_INVALID),
  telefono: z
    .union([boundedString(50), z.null()])
    .optional()
    .transform((v) => (v == null ? v : v.trim())),
});
export type AfiliadoProfileUpdate = z.infer<typeof afiliadoProfileUpdateSchema>;

export const confirmEmailSchema = z.object({
  token: z.string({ error: AFILIADO_MESSAGES.EMAIL_TOKEN_INVALID }).min(1).max(200),
});

// ---------------------------------------------------------------------------
// CSV import (DESIGN section 3)
// ---------------------------------------------------------------------------

/** Rejected lines listed in an import answer; errorCount says how many there were in all. */
export const IMPORT_ERRORS_LIMIT = 1000;

export const importRowErrorSchema = z.object({
  /** 1-based line of the file where the record starts; the header is line 1. */
  line: z.number(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** 201 answer of POST /api/afiliados/import-csv (and of its dry run, which writes nothing). */
export const importResultSchema = z.object({
  /** Rows loaded (or, in a dry run, that would be loaded): created + updated + unchanged. */
  count: z.number(),
  created: z.number(),
  /** Existing affiliates whose data actually changed. */
  updated: z.number(),
  errors: z.array(importRowErrorSchema),
  errorCount: z.number(),
  dryRun: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const CSV_MESSAGES = {
  SELECT_BOTH: 'Por favor, selecciona una obra social y un archivo CSV.',
  UPLOAD_FAILED: 'Error al subir el archivo',
  LOADED: (n: number) => `Se han cargado ${n} afiliados`,
  NOT_MULTIPART: 'Envíe el archivo CSV como multipart/form-data',
  FILE_REQUIRED: 'El archivo CSV es obligatorio',
  TOO_LARGE: (mb: number) => `El archivo supera el tamaño máximo de ${mb} MB`,
  NOT_TEXT: 'El archivo no es un CSV de texto (UTF-8 o Windows-1252)',
  EMPTY: 'El archivo está vacío',
  HEADER_ONLY: 'El archivo solo tiene la fila de encabezados: no hay afiliados para cargar',
  NO_DOCUMENTO_COLUMN:
    'El archivo no tiene una columna de documento (por ejemplo "documento", "dni" o "número de documento")',
  NO_NOMBRE_COLUMN: 'El archivo no tiene una columna de nombre (por ejemplo "nombre" o "nombre completo")',
  ROW_NO_DOCUMENTO: 'Falta el número de documento',
  ROW_NO_NOMBRE: 'Falta el nombre',
  ROW_BAD_DATE: (raw: string) => `Fecha de nacimiento inválida: "${raw}" (use dd/mm/aaaa o aaaa-mm-dd)`,
  ROW_BAD_TIPO: (raw: string) => `Tipo de documento desconocido: "${raw}" (use DNI, Pasaporte, LE, LC o CI)`,
  ROW_BAD_DIGITS: (tipo: string) => `El ${tipo} debe tener entre 6 y 9 dígitos`,
  ROW_BAD_DOCUMENTO: 'El número de documento no es válido',
  ROW_DUPLICATE: (firstLine: number) =>
    `Documento repetido en el archivo (ya figura en la línea ${firstLine})`,
  ROW_BAD_EMAIL: 'Email inválido',
  ROW_TOO_LONG: 'Algún campo es demasiado largo',
  ROW_BAD_CSV: 'La línea no tiene un formato CSV válido (revise las comillas)',
} as const;
