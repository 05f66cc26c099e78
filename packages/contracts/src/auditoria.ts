import { z } from 'zod';
import { paginatedQuerySchema } from './common.ts';
import { exportFormatSchema } from './exports.ts';
import * as MESSAGES from './messages/index.ts';

const M = MESSAGES.auditoria;

// ---------------------------------------------------------------------------
// What the audit log records, and how each is said in Spanish
// ---------------------------------------------------------------------------

/**
 * `consult`: a dentist's coverage check; `search` and `read`: staff looking
 * through or into affiliates' records; `export`: data taken out of the
 * application (the audit log itself, or one's own data); `deactivate` and
 * `reactivate`: an affiliate given de baja and back; `validate`: a visit
 * validated at the chair, `void`: one of its lines anulled. The sign-in actions
 * name the account tried (its id and the address, never the password or
 * code): a wrong password, a sign-in completed, a wrong second-step code, a
 * recovery code spent, and an attempt refused for too many before it.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'approve',
  'reject',
  'import',
  'consult',
  'search',
  'read',
  'export',
  'deactivate',
  'reactivate',
  'validate',
  'void',
  'close',
  'login',
  'login_failed',
  'second_factor_failed',
  'recovery_code',
  'login_blocked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Creó',
  update: 'Modificó',
  delete: 'Eliminó',
  approve: 'Aprobó',
  reject: 'Rechazó',
  import: 'Importó',
  consult: 'Consultó la cobertura de',
  search: 'Buscó',
  read: 'Abrió la ficha de',
  export: 'Exportó',
  deactivate: 'Dio de baja a',
  reactivate: 'Reactivó a',
  validate: 'Validó',
  void: 'Anuló',
  close: 'Cerró',
  login: 'Inicio de sesión',
  login_failed: 'Inicio de sesión fallido',
  second_factor_failed: 'Código de verificación incorrecto',
  recovery_code: 'Inicio de sesión con un código de recuperación',
  login_blocked: 'Inicio de sesión bloqueado por demasiados intentos',
};

/** Sign-in actions: the row's actor is the account tried, so the row says what happened and nothing more. */
export const SIGN_IN_ACTIONS: ReadonlySet<string> = new Set<AuditAction>([
  'login',
  'login_failed',
  'second_factor_failed',
  'recovery_code',
  'login_blocked',
]);

export const AUDIT_ENTITIES = [
  'afiliado',
  'obra_social',
  'profesional',
  'notificacion',
  'user',
  'rol',
  'especialidad',
  'zona',
  'auditoria',
  'datos_personales',
  'codigo_prestacion',
  'grupo_codigos',
  'nomenclador',
  'convenio',
  'plan',
  'regla',
  'historia',
  'atencion',
  'linea',
  'prestacion',
  'token',
  'codigo_token',
  'confirmacion',
  'autorizacion',
  'adjunto',
  'periodo',
  'lote',
  'liquidacion',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  afiliado: 'afiliado',
  obra_social: 'obra social',
  profesional: 'profesional',
  notificacion: 'notificación',
  user: 'usuario',
  rol: 'rol',
  especialidad: 'especialidad',
  zona: 'zona',
  auditoria: 'registro de auditoría',
  datos_personales: 'sus datos personales',
  codigo_prestacion: 'código de prestación',
  grupo_codigos: 'grupo de códigos',
  nomenclador: 'nomenclador',
  convenio: 'convenio',
  plan: 'plan',
  regla: 'regla de plan',
  historia: 'historia odontológica',
  atencion: 'atención',
  linea: 'prestación',
  prestacion: 'prestaciones',
  token: 'token del afiliado',
  codigo_token: 'código de activación del token',
  confirmacion: 'respuesta del afiliado sobre una atención',
  autorizacion: 'autorización previa',
  adjunto: 'archivo de una autorización',
  periodo: 'período de prestaciones',
  lote: 'lote de facturación',
  liquidacion: 'liquidación de un prestador',
};

// ---------------------------------------------------------------------------
// GET /api/auditoria and /api/auditoria/export
// ---------------------------------------------------------------------------

/** True for a real calendar day written yyyy-mm-dd (not 2026-02-30). */
function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** A calendar day as `<input type="date">` sends it; '' means "no limit". */
const dayParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.DATE_INVALID)
    .refine(isCalendarDay, M.DATE_INVALID)
    .optional(),
);

const emptyAsUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** The filters of the audit screen; days are Buenos Aires days, both ends included. */
export const auditoriaFilterSchema = z
  .object({
    /** Part of the actor's name or e-mail. */
    actor: emptyAsUndefined(z.string().trim().max(200)),
    accion: emptyAsUndefined(z.enum(AUDIT_ACTIONS)),
    entidad: emptyAsUndefined(z.enum(AUDIT_ENTITIES)),
    /**
     * An affiliate's document as typed: rows about that affiliate, by document or by record. The API
     * looks it up normalised, as documents are stored ("30.555.111" → "30555111").
     */
    documento: emptyAsUndefined(z.string().trim().max(40, MESSAGES.FIELD_TOO_LONG)),
    desde: dayParam,
    hasta: dayParam,
  })
  .refine((v) => !v.desde || !v.hasta || v.desde <= v.hasta, { message: M.RANGE_INVALID, path: ['hasta'] });
export type AuditoriaFilter = z.infer<typeof auditoriaFilterSchema>;

/**
 * GET /api/auditoria/export: the filters and the CSV's separator, as the other lists take it. The
 * log is exported as CSV only: it runs to millions of rows, past what one sheet of a workbook holds.
 */
export const auditoriaExportQuerySchema = auditoriaFilterSchema.and(exportFormatSchema);
export type AuditoriaExportQuery = z.infer<typeof auditoriaExportQuerySchema>;

export const auditoriaQuerySchema = paginatedQuerySchema.omit({ search: true }).and(auditoriaFilterSchema);
export type AuditoriaQuery = z.infer<typeof auditoriaQuerySchema>;

/**
 * A record an audit row names, as it is now: its name (an account without one: its e-mail), and
 * what tells namesakes apart (an affiliate's document, an account's e-mail).
 */
export const auditNombreSchema = z.object({
  nombre: z.string(),
  tipoDocumento: z.string().optional(),
  documento: z.string().optional(),
  email: z.string().optional(),
});
export type AuditNombre = z.infer<typeof auditNombreSchema>;

export const auditoriaRowSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  /** The actor's name when they had one, as it was at the time. */
  actorNombre: z.string().nullable(),
  /** The actor's e-mail at the time (staff see it; the affiliate never does). */
  actorEmail: z.string(),
  /** 'Profesional' for a professional of the network, else the actor's roles at the time, comma-separated. */
  actorRol: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The affiliate's document, when the row is about one affiliate. */
  documento: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  address: z.string().nullable(),
  /**
   * The records the row names, by reference ('afiliado:52', 'obra_social:3'; `auditReferences`):
   * its subject and what its details point to. A reference missing here no longer exists.
   */
  nombres: z.record(z.string(), auditNombreSchema),
});
export type AuditoriaRow = z.infer<typeof auditoriaRowSchema>;
