import { z } from 'zod';
import {
  booleanQueryParam,
  boundedString,
  isValidEmail,
  MAX_ID,
  optionalIdQueryParam,
  paginatedQuerySchema,
} from './common.ts';
import { exportFormatSchema } from './exports.ts';
import { isCalendarDate } from './fechas.ts';
import { importRowErrorSchema } from './imports.ts';
import * as MESSAGES from './messages/index.ts';
import { obraSocialRefSchema } from './obras-sociales.ts';
import { PERMISSION_DESCRIPTIONS } from './permission-labels.ts';
import { PERMISSIONS } from './permissions.ts';
import { planRefSchema } from './planes.ts';

export const DOCUMENT_TYPES = ['DNI', 'Pasaporte', 'LE', 'LC', 'CI'] as const;
export type TipoDocumento = (typeof DOCUMENT_TYPES)[number];
/** The edit modal offers only these two, plus the affiliate's current type. */
export const EDIT_DOCUMENT_TYPES = ['DNI', 'Pasaporte'] as const;

/**
 * The types an affiliate's record may take when edited: the spec's DNI and
 * Pasaporte, and the record's own type when it is another one (LE, LC, CI),
 * so a record is never forced off the type it has, nor moved onto one of those.
 */
export function editDocumentTypesFor(current: string): TipoDocumento[] {
  const tipos: TipoDocumento[] = [...EDIT_DOCUMENT_TYPES];
  const own = DOCUMENT_TYPES.find((t) => t === current);
  if (own && !tipos.includes(own)) tipos.push(own);
  return tipos;
}
/** Types whose document is a plain number of 6 to 9 digits. */
export const NUMERIC_DOCUMENT_TYPES: readonly TipoDocumento[] = ['DNI', 'LE', 'LC'];

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const NOT_ALPHANUMERIC = /[^0-9A-Za-z]/g;

/**
 * Documents are stored and looked up in one form: everything but letters and
 * digits dropped, letters upper-cased ("30.123.456" → "30123456").
 */
export function normalizeDocumento(raw: string): string {
  // Plain ASCII is its own NFKD form: the decomposition, slow in comparison, is only for the rest.
  return (PRINTABLE_ASCII.test(raw) ? raw : raw.normalize('NFKD'))
    .replace(NOT_ALPHANUMERIC, '')
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

const M = MESSAGES.afiliados;

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

/** Today's date in yyyy-mm-dd (UTC), what isValidBirthDate compares with. */
export const isoToday = () => new Date().toISOString().slice(0, 10);

const daysInMonth = (year: number, month: number) =>
  month === 2
    ? (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31;

/**
 * A real calendar date in yyyy-mm-dd, not before 1900 and not after `today`
 * (yyyy-mm-dd): a plausible birth date. A caller checking many dates (a CSV
 * import) passes `today` once rather than building it for each.
 */
export function isValidBirthDate(value: string, today: string = isoToday()): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  return year >= 1900 && value <= today;
}

/** Optional birth date: '' and null both mean "none"; absent stays absent (a profile update leaves it alone). */
export const fechaNacimientoSchema = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()))
  .refine((v) => v == null || isValidBirthDate(v), M.FECHA_INVALID);

export const tipoDocumentoSchema = z
  .string({ error: M.TIPO_REQUIRED })
  .trim()
  .min(1, M.TIPO_REQUIRED)
  .transform((v, ctx) => {
    const tipo = parseTipoDocumento(v);
    if (!tipo) {
      ctx.addIssue({ code: 'custom', message: M.TIPO_INVALID });
      return z.NEVER;
    }
    return tipo;
  });

/** A reference to an insurer in a request body: `{id}` (the name, if sent, is ignored). */
const obraSocialIdSchema = z.object(
  {
    id: z.coerce
      .number({ error: M.OBRA_SOCIAL_REQUIRED })
      .int()
      .positive()
      .max(MAX_ID, M.OBRA_SOCIAL_UNKNOWN),
  },
  { error: M.OBRA_SOCIAL_REQUIRED },
);

const afiliadoFields = {
  nombre: z
    .string({ error: M.NOMBRE_REQUIRED })
    .trim()
    .min(1, M.NOMBRE_REQUIRED)
    .max(200, MESSAGES.FIELD_TOO_LONG),
  tipoDocumento: tipoDocumentoSchema,
  documento: z
    .string({ error: M.DOCUMENTO_REQUIRED })
    .max(40, M.DOCUMENTO_INVALID)
    .transform(normalizeDocumento)
    .refine((v) => v.length > 0, M.DOCUMENTO_REQUIRED),
  fecha_nacimiento: fechaNacimientoSchema,
};

/** DNI, LE and LC must have 6 to 9 digits once normalised; other types any 1 to 20 letters and digits. */
function checkDocumento(v: { tipoDocumento: TipoDocumento; documento: string }, ctx: z.RefinementCtx) {
  if (!v.documento || isValidDocumento(v.tipoDocumento, v.documento)) return;
  const numeric = NUMERIC_DOCUMENT_TYPES.includes(v.tipoDocumento);
  ctx.addIssue({
    code: 'custom',
    path: ['documento'],
    message: numeric ? M.DOCUMENTO_DIGITS : M.DOCUMENTO_INVALID,
  });
}

/** A reference to a plan in a request body: `{id}`, a plan of the affiliate's own insurer. */
const planIdSchema = z.object(
  { id: z.coerce.number({ error: M.PLAN_UNKNOWN }).int().positive().max(MAX_ID, M.PLAN_UNKNOWN) },
  { error: M.PLAN_UNKNOWN },
);

/**
 * The affiliate's plan, the number on the insurer's card and the day they
 * joined (waiting periods count from it); each may be null. Left out of an
 * edit they stay as they are, except that a new insurer leaves the affiliate
 * with no plan unless one of its plans comes with it.
 */
const planFields = {
  plan: planIdSchema.nullable().optional(),
  /** '' as null: the field emptied. */
  numeroAfiliado: z
    .string({ error: M.NUMERO_AFILIADO_INVALID })
    .trim()
    .max(40, M.NUMERO_AFILIADO_INVALID)
    .nullable()
    .optional(),
  fechaAlta: z
    .string({ error: M.FECHA_ALTA_INVALID })
    .trim()
    .refine((v) => v === '' || isCalendarDate(v), M.FECHA_ALTA_INVALID)
    .nullable()
    .optional(),
};

/**
 * Body of POST /api/afiliados. The document is normalised
 * ("30.123.456" → "30123456"); a new affiliate needs an insurer.
 */
export const afiliadoInputSchema = z
  .object({ ...afiliadoFields, obraSocial: obraSocialIdSchema, ...planFields })
  .superRefine(checkDocumento);
export type AfiliadoInput = z.infer<typeof afiliadoInputSchema>;

/**
 * E-mail and phone as the portal and staff change them, one rule for both: a
 * field left out stays as it is, '' (or null) clears it; the e-mail is
 * lower-cased and must look like one, the phone is free text up to 50 characters.
 */
const contactoFields = {
  email: z
    .union([z.string({ error: M.EMAIL_INVALID }), z.null()], { error: M.EMAIL_INVALID })
    .optional()
    .transform((v) => (v == null ? v : v.trim().toLowerCase()))
    .refine((v) => v == null || v === '' || isValidEmail(v), M.EMAIL_INVALID),
  telefono: z
    .union([z.string({ error: M.TELEFONO_INVALID }).trim().max(50, M.TELEFONO_TOO_LONG), z.null()], {
      error: M.TELEFONO_INVALID,
    })
    .optional()
    .transform((v) => (v == null ? v : v.trim())),
};

/**
 * Body of PUT /api/afiliados/{id}: the same shape, but `obraSocial` may be
 * null, so an affiliate left without an insurer ('No asignada') can be
 * corrected without assigning one; e-mail and phone as in the portal (left
 * out: unchanged). A new e-mail waits, pending, for its confirmation link.
 */
export const afiliadoUpdateSchema = z
  .object({ ...afiliadoFields, obraSocial: obraSocialIdSchema.nullable(), ...planFields, ...contactoFields })
  .superRefine(checkDocumento);
export type AfiliadoUpdate = z.infer<typeof afiliadoUpdateSchema>;

/** An affiliate as lists and forms show it. */
export const afiliadoSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  tipoDocumento: z.string(),
  documento: z.string(),
  /** yyyy-mm-dd, or null when unknown. */
  fecha_nacimiento: z.string().nullable(),
  /** null: 'No asignada' (e.g. after its insurer was deleted). */
  obraSocial: obraSocialRefSchema.nullable(),
  /** The plan of the affiliate's insurer; null: 'Sin plan asignado'. */
  plan: planRefSchema.nullable(),
  /** The number on the insurer's card, as the insurer writes it. */
  numeroAfiliado: z.string().nullable(),
  /** The day the affiliate joined (yyyy-mm-dd), from which waiting periods count. */
  fechaAlta: z.string().nullable(),
  /** When the affiliate was given de baja (ISO 8601), or null while active. */
  fechaBaja: z.string().nullable(),
  /**
   * The confirmed e-mail and the phone, null when the record has none: for
   * whoever keeps the registry; a coverage check leaves them out.
   */
  email: z.string().nullable().optional(),
  telefono: z.string().nullable().optional(),
  /**
   * Only on a coverage check (an exact document looked up without
   * AFILIADOS.CREATE): whether the caller accepts the affiliate's insurer;
   * null when the affiliate has no insurer or the caller no professional profile.
   */
  atiendeObraSocial: z.boolean().nullable().optional(),
});
export type Afiliado = z.infer<typeof afiliadoSchema>;

/**
 * GET and PUT /api/afiliados/{id}: the record as staff edit it, with its
 * e-mail (confirmed), the address waiting for its confirmation link and the phone.
 */
export const afiliadoFichaSchema = afiliadoSchema.omit({ atiendeObraSocial: true }).extend({
  /** The confirmed address, the only one that receives mail; null when there is none. */
  email: z.string().nullable(),
  /** An address entered but not yet confirmed through the link mailed to it. */
  emailPendiente: z.string().nullable(),
  /** The pending address's link is no longer valid: saving the address again mails a new one. */
  emailPendienteVencido: z.boolean(),
  telefono: z.string().nullable(),
});
export type AfiliadoFicha = z.infer<typeof afiliadoFichaSchema>;

/** The list's state filter: `activos` (not de baja) or `baja` (given de baja); absent or '' both. */
export const AFILIADO_ESTADOS = ['activos', 'baja'] as const;
export type AfiliadoEstado = (typeof AFILIADO_ESTADOS)[number];

export const afiliadoEstadoQueryParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(AFILIADO_ESTADOS, { error: M.ESTADO_INVALID }).optional(),
);

/** GET /api/afiliados/paginated: the common paging query plus the insurer and state filters. */
export const afiliadosPaginatedQuerySchema = paginatedQuerySchema.extend({
  obraSocialId: optionalIdQueryParam,
  estado: afiliadoEstadoQueryParam,
});
export type AfiliadosPaginatedQuery = z.infer<typeof afiliadosPaginatedQuerySchema>;

/** GET /api/afiliados/export: the list's search, insurer and state, and the file's format. */
export const afiliadosExportQuerySchema = afiliadosPaginatedQuerySchema
  .pick({ search: true, obraSocialId: true, estado: true })
  .extend(exportFormatSchema.shape);
export type AfiliadosExportQuery = z.infer<typeof afiliadosExportQuerySchema>;

export const AFILIADOS_LIST_DEFAULT_LIMIT = 100;
export const AFILIADOS_LIST_MAX_LIMIT = 1000;

/** GET /api/afiliados: the same search rules, as a capped array. */
export const afiliadosListQuerySchema = paginatedQuerySchema.pick({ search: true }).extend({
  limit: z.coerce.number().int().min(1).max(AFILIADOS_LIST_MAX_LIMIT).default(AFILIADOS_LIST_DEFAULT_LIMIT),
  obraSocialId: optionalIdQueryParam,
  estado: afiliadoEstadoQueryParam,
});
export type AfiliadosListQuery = z.infer<typeof afiliadosListQuerySchema>;

/**
 * GET /api/afiliados/profile: the affiliate's own data (an affiliate de baja
 * has no session, so no `fechaBaja`). emailPendiente awaits its confirmation link.
 */
export const afiliadoProfileSchema = afiliadoSchema
  .omit({ fechaBaja: true, atiendeObraSocial: true })
  .extend({
    email: z.string().nullable(),
    emailPendiente: z.string().nullable(),
    telefono: z.string().nullable(),
    /**
     * E-mail and phone are shown in part ("lu***@example.com", "11 ****-2290"):
     * the session was opened with the document alone, which anyone may know.
     */
    contactoOculto: z.boolean(),
  });
export type AfiliadoProfile = z.infer<typeof afiliadoProfileSchema>;

/**
 * PUT /api/afiliados/profile. Only e-mail and phone change; a field left out
 * stays as it is, '' clears it. nombre, documento, obraSocial and the birth
 * date (staff keep it: it may be the portal's second factor), if sent, are ignored.
 */
export const afiliadoProfileUpdateSchema = z.object(contactoFields);
export type AfiliadoProfileUpdate = z.infer<typeof afiliadoProfileUpdateSchema>;

export const confirmEmailSchema = z.object({
  token: z.string({ error: M.EMAIL_TOKEN_INVALID }).min(1).max(200),
});

// ---------------------------------------------------------------------------
// CSV import (docs/decisions/021 and 022)
// ---------------------------------------------------------------------------

/**
 * The multipart form of POST /api/afiliados/import-csv, as the route reads
 * it: the text fields, and `file` the uploaded file's name (absent when no
 * file came). The insurer is sent first, so it is known before the file streams in.
 */
export const importCsvFormSchema = z.object({
  obraSocialId: z
    .string({ error: M.OBRA_SOCIAL_REQUIRED })
    .trim()
    .min(1, M.OBRA_SOCIAL_REQUIRED)
    .regex(/^[1-9][0-9]{0,9}$/, M.OBRA_SOCIAL_UNKNOWN)
    .transform(Number)
    .refine((id) => id <= MAX_ID, M.OBRA_SOCIAL_UNKNOWN),
  file: z.string({ error: MESSAGES.csv.FILE_REQUIRED }),
});

/**
 * The query of the import: `?dryRun=true` validates and counts without
 * writing; `?bajaAusentes=true` gives de baja the insurer's active affiliates
 * whose document is not in the file (refused while the file has rows with errors).
 */
export const importCsvQuerySchema = z.object({ dryRun: booleanQueryParam, bajaAusentes: booleanQueryParam });

/**
 * A permission the file needs beyond importing (AFILIADOS.CREATE) and the
 * caller lacks: AFILIADOS.UPDATE for lines that change an existing
 * affiliate's data, AFILIADOS.DELETE for lines that reactivate one de baja.
 */
export const importMissingPermissionSchema = z.object({
  permission: z.enum([PERMISSIONS.AFILIADOS_UPDATE, PERMISSIONS.AFILIADOS_DELETE]),
  /** How many lines need it. */
  count: z.number(),
  /** The first IMPORT_ERRORS_LIMIT of those lines, in order (1-based, the header being line 1). */
  lines: z.array(z.number()),
});
export type ImportMissingPermission = z.infer<typeof importMissingPermissionSchema>;

/**
 * What the missing permissions keep the file from doing, line by line, and
 * what to do about it: the import's 403 and the preview's warning alike.
 */
export function importMissingPermissionsMessage(missing: readonly ImportMissingPermission[]): string {
  const sentences = missing.map((m) => {
    const lines = MESSAGES.csv.LINES(m.lines, m.count);
    const permiso = PERMISSION_DESCRIPTIONS[m.permission];
    return m.permission === PERMISSIONS.AFILIADOS_DELETE
      ? MESSAGES.csv.REACTIVATION_NEEDS_PERMISSION(lines, permiso)
      : MESSAGES.csv.UPDATE_NEEDS_PERMISSION(lines, permiso);
  });
  return [...sentences, MESSAGES.csv.NEEDS_PERMISSION_HINT].join(' ');
}

/**
 * Affiliates an import answer names, of those it gives de baja and of those
 * it moves to its insurer: the first ones in name order; `deactivated` and
 * `moved` say how many in all.
 */
export const IMPORT_NAMES_LIMIT = 50;

/** An affiliate an import answer names. */
export const importAfiliadoSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  tipoDocumento: z.string(),
  documento: z.string(),
});
export type ImportAfiliado = z.infer<typeof importAfiliadoSchema>;

/** An existing affiliate the file moves to the import's insurer, with the insurer they had (null: none). */
export const importMovedAfiliadoSchema = importAfiliadoSchema.extend({
  from: obraSocialRefSchema.nullable(),
});
export type ImportMovedAfiliado = z.infer<typeof importMovedAfiliadoSchema>;

/** 201 answer of POST /api/afiliados/import-csv (and of its dry run, which writes nothing). */
export const importResultSchema = z.object({
  /** The insurer the file is imported into. */
  obraSocial: obraSocialRefSchema,
  /** Rows loaded (or, in a dry run, that would be loaded): created + updated + unchanged. */
  count: z.number(),
  created: z.number(),
  /** Existing affiliates whose data actually changed. */
  updated: z.number(),
  /** Affiliates de baja listed in the file, active again (part of `updated`). */
  reactivated: z.number(),
  /** The insurer's active affiliates missing from the file, given de baja (only with `bajaAusentes`). */
  deactivated: z.number(),
  /** The first IMPORT_NAMES_LIMIT of them, in name order. */
  deactivatedAfiliados: z.array(importAfiliadoSchema),
  /** Existing affiliates the file moves from another insurer, or from none, to this one (part of `updated`). */
  moved: z.number(),
  /** The first IMPORT_NAMES_LIMIT of them, in name order. */
  movedAfiliados: z.array(importMovedAfiliadoSchema),
  errors: z.array(importRowErrorSchema),
  errorCount: z.number(),
  /**
   * What the file needs that the caller may not do; the import itself is then
   * refused (403), so only a dry run answers it with lines in it.
   */
  missingPermissions: z.array(importMissingPermissionSchema),
  dryRun: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

// ---------------------------------------------------------------------------
// The affiliate's sign-in to the portal
// ---------------------------------------------------------------------------

export const afiliadoLoginSchema = z.object({
  documento: boundedString(40).min(1, MESSAGES.DOCUMENT_REQUIRED),
  /** Asked only where AFFILIATE_LOGIN_BIRTHDATE is on: then it must match the affiliate's, 'yyyy-mm-dd'. */
  fecha_nacimiento: fechaNacimientoSchema,
});
export type AfiliadoLogin = z.infer<typeof afiliadoLoginSchema>;
export type AfiliadoLoginInput = z.input<typeof afiliadoLoginSchema>;
export const tokenResponseSchema = z.object({ token: z.string() });
