import { z } from 'zod';
import { paginatedQuerySchema } from './common.ts';
import * as MESSAGES from './messages/index.ts';
import { ACCESO_TIPOS } from './plain.ts';

const M = MESSAGES.auditoria;

// ---------------------------------------------------------------------------
// What the audit log records, and how each is said in Spanish
// ---------------------------------------------------------------------------

/**
 * `consult`: a dentist's coverage check; `search` and `read`: staff looking
 * through or into affiliates' records; `export`: data taken out of the
 * application (the audit log itself, or one's own data); `deactivate` and
 * `reactivate`: an affiliate given de baja and back. The sign-in actions
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
  login: 'Inicio de sesión',
  login_failed: 'Inicio de sesión fallido',
  second_factor_failed: 'Código de verificación incorrecto',
  recovery_code: 'Inicio de sesión con un código de recuperación',
  login_blocked: 'Inicio de sesión bloqueado por demasiados intentos',
};

/** Sign-in actions: the row's actor is the account tried, so the row says what happened and nothing more. */
const SIGN_IN_ACTIONS: ReadonlySet<string> = new Set<AuditAction>([
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
};

/** The lists staff export, as an export row names them. */
const EXPORTED_LISTS: Partial<Record<AuditEntity, string>> = {
  afiliado: 'la lista de afiliados',
  profesional: 'la lista de profesionales',
  obra_social: 'la lista de obras sociales',
};

/** "Modificó afiliado 42", "Exportó registro de auditoría": what a row says, for the screen and the CSV alike. */
export function describeAudit(row: { action: string; entity: string; entityId: string | null }): string {
  if (row.action === 'export') {
    if (row.entity === 'notificacion' && row.entityId)
      return `Exportó los destinatarios de la notificación ${row.entityId}`;
    const list = EXPORTED_LISTS[row.entity as AuditEntity];
    if (list && !row.entityId) return `Exportó ${list}`;
  }
  const action = AUDIT_ACTION_LABELS[row.action as AuditAction] ?? row.action;
  if (SIGN_IN_ACTIONS.has(row.action)) return action;
  const entity = AUDIT_ENTITY_LABELS[row.entity as AuditEntity] ?? row.entity;
  // Whose data an export took is said by who did it: the number adds nothing.
  const showsId = row.entityId && row.entity !== 'datos_personales' && row.entity !== 'auditoria';
  return showsId ? `${action} ${entity} ${row.entityId}` : `${action} ${entity}`;
}

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

export const auditoriaQuerySchema = paginatedQuerySchema.omit({ search: true }).and(auditoriaFilterSchema);
export type AuditoriaQuery = z.infer<typeof auditoriaQuerySchema>;

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
});
export type AuditoriaRow = z.infer<typeof auditoriaRowSchema>;

// ---------------------------------------------------------------------------
// GET /api/afiliados/profile/accesos: who looked up the affiliate's data
// ---------------------------------------------------------------------------

export const accesoRowSchema = z.object({
  fecha: z.string(),
  /** The professional's or staff member's name at the time; never their e-mail. */
  nombre: z.string(),
  /** 'Profesional' for a professional of the network, else the staff member's roles. */
  rol: z.string(),
  tipo: z.enum(ACCESO_TIPOS),
  /** For a coverage check: whether the affiliate was found. */
  encontrado: z.boolean().nullable(),
});
export type AccesoRow = z.infer<typeof accesoRowSchema>;

export const accesosQuerySchema = paginatedQuerySchema.omit({ search: true });

// ---------------------------------------------------------------------------
// GET /api/afiliados/profile/datos and /api/profesionales/profile/datos
// ---------------------------------------------------------------------------

const notificacionRecibidaSchema = z.object({
  titulo: z.string(),
  categoria: z.string(),
  archivo: z.string(),
  enviada: z.string(),
  /** When it was first opened; null while unread. */
  leida: z.string().nullable(),
});

/** Everything the network holds about the affiliate of the session. */
export const afiliadoDatosSchema = z.object({
  generadoEl: z.string(),
  /** A session opened with the document alone sees contact data and the names of who looked them up in part. */
  datosParciales: z.boolean(),
  afiliado: z.object({
    nombre: z.string(),
    tipoDocumento: z.string(),
    documento: z.string(),
    fechaNacimiento: z.string().nullable(),
    email: z.string().nullable(),
    emailPendiente: z.string().nullable(),
    telefono: z.string().nullable(),
    alta: z.string(),
    ultimaModificacion: z.string(),
  }),
  obraSocial: z
    .object({ nombre: z.string(), telefonos: z.array(z.string()), mails: z.array(z.string()) })
    .nullable(),
  notificaciones: z.array(notificacionRecibidaSchema),
  accesos: z.array(accesoRowSchema),
});
export type AfiliadoDatos = z.infer<typeof afiliadoDatosSchema>;

/** Everything the network holds about the professional of the session. */
export const profesionalDatosSchema = z.object({
  generadoEl: z.string(),
  cuenta: z.object({
    email: z.string(),
    estado: z.string(),
    alta: z.string(),
    ultimoIngreso: z.string().nullable(),
    segundoFactor: z.boolean(),
    roles: z.array(z.string()),
  }),
  perfil: z
    .object({
      nombre: z.string(),
      razonSocial: z.string().nullable(),
      email: z.string(),
      telefono: z.string().nullable(),
      direccion: z.string().nullable(),
      depto: z.string().nullable(),
      localidad: z.string().nullable(),
      latitud: z.string().nullable(),
      longitud: z.string().nullable(),
      zona: z.string().nullable(),
      matricula: z.string().nullable(),
      matriculaJurisdiccion: z.string().nullable(),
      matriculaVerificada: z.string().nullable(),
      aceptaNuevosPacientes: z.boolean(),
      especialidades: z.array(z.string()),
      obrasSociales: z.array(z.string()),
      horarios: z.record(z.string(), z.unknown()),
      guardias: z.record(z.string(), z.unknown()),
      ausencias: z.array(z.unknown()),
      datosConfirmados: z.string().nullable(),
    })
    .nullable(),
  sesiones: z.array(
    z.object({
      dispositivo: z.string().nullable(),
      direccion: z.string(),
      inicio: z.string(),
      ultimoUso: z.string(),
    }),
  ),
  notificaciones: z.array(notificacionRecibidaSchema),
  consultasDeCobertura: z.array(
    z.object({ fecha: z.string(), documento: z.string().nullable(), encontrado: z.boolean() }),
  ),
});
export type ProfesionalDatos = z.infer<typeof profesionalDatosSchema>;
