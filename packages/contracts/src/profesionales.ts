import { z } from 'zod';
import { booleanQueryParam, boundedString, emailSchema, idSchema, paginatedQuerySchema } from './common.ts';
import { especialidadSchema } from './especialidades.ts';
import { exportFormatSchema } from './exports.ts';
import * as MESSAGES from './messages/index.ts';
import { obraSocialRefSchema } from './obras-sociales.ts';
import { MAP_FALLBACK_CENTER } from './plain.ts';
import { ausenciaSchema, weeklyScheduleSchema } from './schedule.ts';
import { zonaSchema } from './zonas.ts';

const M = MESSAGES.profesionales;

/** GET /api/profesionales/solicitudes: the pending sign-up requests, oldest first (the client pages them). */
export const solicitudSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  razonSocial: z.string().nullable(),
  email: z.string(),
  /** Whether the applicant opened the confirmation link mailed at sign-up; only then can the request be accepted. */
  emailConfirmado: z.boolean(),
  createdAt: z.string(),
  user: z.object({ id: z.number() }),
  matricula: z.string().nullable(),
  matriculaJurisdiccion: z.string().nullable(),
});
export type Solicitud = z.infer<typeof solicitudSchema>;

/** GET /api/profesionales/paginated: search by nombre or razón social. */
export const profesionalesPaginatedQuerySchema = paginatedQuerySchema.extend({
  /** Only those whose data were last confirmed (or, never confirmed, approved) over 90 days ago. */
  sinConfirmar: booleanQueryParam,
});
export type ProfesionalesPaginatedQuery = z.infer<typeof profesionalesPaginatedQuerySchema>;

/** GET /api/profesionales/export: the list's search, and the file's format. */
export const profesionalesExportQuerySchema = profesionalesPaginatedQuerySchema
  .pick({ search: true, sinConfirmar: true })
  .extend(exportFormatSchema.shape);
export type ProfesionalesExportQuery = z.infer<typeof profesionalesExportQuerySchema>;

/** Who issues a dentist's licence: the nation, or a province (or the city of Buenos Aires). */
export const JURISDICCIONES = [
  'Nacional',
  'Ciudad Autónoma de Buenos Aires',
  'Buenos Aires',
  'Catamarca',
  'Chaco',
  'Chubut',
  'Córdoba',
  'Corrientes',
  'Entre Ríos',
  'Formosa',
  'Jujuy',
  'La Pampa',
  'La Rioja',
  'Mendoza',
  'Misiones',
  'Neuquén',
  'Río Negro',
  'Salta',
  'San Juan',
  'San Luis',
  'Santa Cruz',
  'Santa Fe',
  'Santiago del Estero',
  'Tierra del Fuego',
  'Tucumán',
] as const;

/** The professional picker's search starts past one character. */
export const PROFESSIONAL_SEARCH_MIN_LENGTH = 2;

/**
 * What a professional search needs of each match (the picker of the
 * notification form); the list rows carry more.
 */
export const profesionalOptionSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  razonSocial: z.string().nullable(),
});
export type ProfesionalOption = z.infer<typeof profesionalOptionSchema>;

// ---------------------------------------------------------------------------
// The professional
// ---------------------------------------------------------------------------

const refSchema = z.object({ id: z.number() });

/** GET /api/profesionales/paginated rows: what the list shows. */
export const profesionalRowSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  razonSocial: z.string().nullable(),
  telefono: z.string().nullable(),
  especialidades: z.array(especialidadSchema),
});
export type ProfesionalRow = z.infer<typeof profesionalRowSchema>;

/** GET /api/profesionales/{id} and /profile: the whole record, as staff and its owner see it. */
export const profesionalSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  razonSocial: z.string().nullable(),
  email: z.string(),
  telefono: z.string().nullable(),
  direccion: z.string().nullable(),
  depto: z.string().nullable(),
  /** Numeric strings (6 decimals), as the product exchanges them. */
  lat: z.string().nullable(),
  long: z.string().nullable(),
  localidad: z.string().nullable(),
  ubicacionOrigen: z.enum(['geocoder', 'manual']).nullable(),
  especialidades: z.array(especialidadSchema),
  obrasSociales: z.array(obraSocialRefSchema),
  /** The product's list of zones; a professional has one at most, the first. */
  zonas: z.array(zonaSchema),
  horarios: weeklyScheduleSchema,
  guardias: weeklyScheduleSchema,
  user: refSchema,
  matricula: z.string().nullable(),
  matriculaJurisdiccion: z.string().nullable(),
  matriculaVerificadaAt: z.string().nullable(),
  /**
   * The staff member who checked the licence (e-mail), for staff (PROFESSIONALS.GET) only;
   * null for the owner. A change of licence, jurisdiction or name clears the check.
   */
  matriculaVerificadaPor: z.string().nullable(),
  aceptaNuevosPacientes: z.boolean(),
  ausencias: z.array(ausenciaSchema),
  datosConfirmadosAt: z.string().nullable(),
});
export type Profesional = z.infer<typeof profesionalSchema>;

/** A coordinate as a numeric string or number, within `limit` degrees; stored with 6 decimals. */
const coordinate = (limit: number, message: string) =>
  z
    .union([z.string().trim(), z.number()])
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : Number(v);
      if (v === '' || !Number.isFinite(n) || Math.abs(n) > limit) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n.toFixed(6);
    })
    .nullable();

const FALLBACK_LAT = MAP_FALLBACK_CENTER.lat.toFixed(6);
const FALLBACK_LONG = MAP_FALLBACK_CENTER.long.toFixed(6);

/**
 * A profile's place is the pin someone put there: the coordinates come
 * together with how they were placed (`geocoder`, an address picked;
 * `manual`, a pin put on the map by hand), or all three are null (no place),
 * or all three are left out (the stored place stays). A map's fallback
 * centre is never an office's place, however it is sent.
 */
function checkUbicacion(
  value: { lat?: string | null; long?: string | null; ubicacionOrigen?: 'geocoder' | 'manual' | null },
  ctx: z.RefinementCtx,
) {
  const { lat, long, ubicacionOrigen } = value;
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (lat === undefined && long === undefined) {
    if (ubicacionOrigen != null) issue('ubicacionOrigen', M.UBICACION_INCOMPLETA);
    return;
  }
  if ((lat == null) !== (long == null)) {
    issue(lat == null ? 'lat' : 'long', M.UBICACION_INCOMPLETA);
    return;
  }
  if (lat == null) {
    if (ubicacionOrigen != null) issue('ubicacionOrigen', M.UBICACION_INCOMPLETA);
    return;
  }
  if (ubicacionOrigen == null) issue('ubicacionOrigen', M.UBICACION_SIN_MARCAR);
  else if (lat === FALLBACK_LAT && long === FALLBACK_LONG) issue('ubicacionOrigen', M.UBICACION_CENTRO_MAPA);
}

/** Optional text: '' and null both mean "none". */
const optionalText = (max = 200) =>
  z
    .union([boundedString(max), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

const idRefs = (max: number) => z.array(z.object({ id: idSchema })).max(max, MESSAGES.TOO_MANY_ITEMS);

/**
 * PUT /api/profesionales/{id} and /profile. The owner may not change
 * `obrasSociales` (sent back as they are, or left out) and must leave a phone
 * and a razón social (checked by the service, which knows who is saving); the
 * zone has its own call (`zonas-os`) and the licence's verification its own button.
 */
export const profesionalUpdateSchema = z
  .object({
    nombre: boundedString(200).min(1, M.NOMBRE_REQUIRED),
    razonSocial: optionalText(),
    email: emailSchema(),
    telefono: optionalText(50),
    direccion: optionalText(),
    depto: optionalText(100),
    lat: coordinate(90, M.LAT_INVALID).optional(),
    long: coordinate(180, M.LONG_INVALID).optional(),
    localidad: optionalText(),
    ubicacionOrigen: z.enum(['geocoder', 'manual']).nullable().optional(),
    especialidades: idRefs(50),
    obrasSociales: idRefs(500).optional(),
    horarios: weeklyScheduleSchema,
    guardias: weeklyScheduleSchema,
    matricula: optionalText(50),
    matriculaJurisdiccion: z
      .union([z.enum(JURISDICCIONES, { error: M.JURISDICCION_INVALID }), z.literal(''), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
    aceptaNuevosPacientes: z.boolean().optional(),
    ausencias: z.array(ausenciaSchema).max(50, MESSAGES.TOO_MANY_ITEMS).optional(),
  })
  .superRefine(checkUbicacion);
/** What a client sends to save a profile (before the schema's transforms). */
export type ProfesionalUpdateInput = z.input<typeof profesionalUpdateSchema>;

/** PUT /api/profesionales/zonas-os/{id}: the professional's zone. */
export const zonaAssignmentSchema = z.object({ zonaId: idSchema.nullable() });

/** DELETE /api/user/rechazar/{id}: an optional reason, mailed to the applicant. */
export const rechazoSchema = z
  .object({ motivo: boundedString(1000).optional() })
  .nullish()
  .transform((v) => ({ motivo: v?.motivo ? v.motivo : undefined }));

/** POST /api/profesionales/{id}/recordatorio: when the reminder went out. */
export const recordatorioSentSchema = z.object({ enviadoAt: z.string() });

/** GET /api/profesionales/recordatorio/{token}: what the reminder's link shows before confirming. */
export const recordatorioDatosSchema = z.object({
  nombre: z.string(),
  telefono: z.string().nullable(),
  direccion: z.string().nullable(),
  localidad: z.string().nullable(),
  /** The office's pin on the cartilla's map (numeric strings, 6 decimals); null while it has none. */
  lat: z.string().nullable(),
  long: z.string().nullable(),
  horarios: weeklyScheduleSchema,
  especialidades: z.array(z.string()),
  obrasSociales: z.array(z.string()),
  datosConfirmadosAt: z.string().nullable(),
});
export type RecordatorioDatos = z.infer<typeof recordatorioDatosSchema>;

/** The reminder's link, as the mail carries it. */
export const recordatorioTokenParamSchema = z.object({ token: z.string().min(20).max(100) });
