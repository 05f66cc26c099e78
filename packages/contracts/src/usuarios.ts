import { z } from 'zod';
import { newPasswordSchema, USER_STATUSES } from './auth.ts';
import {
  boundedString,
  emailSchema,
  idSchema,
  messageResponseSchema,
  paginatedQuerySchema,
} from './common.ts';
import * as MESSAGES from './messages/index.ts';
import { ALL_PERMISSIONS, type PermissionName } from './permissions.ts';

const M = MESSAGES.usuarios;

// ---------------------------------------------------------------------------
// Accounts, as staff see and change them
// ---------------------------------------------------------------------------

/** GET /api/user/paginated: every account, staff and professionals, searched by name or e-mail. */
export const usuariosQuerySchema = paginatedQuerySchema;
export type UsuariosQuery = z.infer<typeof usuariosQuerySchema>;

export const usuarioRowSchema = z.object({
  id: z.number(),
  email: z.string(),
  /** The staff member's name, or the professional's; null for an account without one. */
  nombre: z.string().nullable(),
  /** Whether the account belongs to a professional of the network or to staff. */
  tipo: z.enum(['personal', 'profesional']),
  status: z.enum(USER_STATUSES),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UsuarioRow = z.infer<typeof usuarioRowSchema>;

/** Role ids: at least one, so nobody is left with an account that opens nothing. */
const roleIdsSchema = z.array(idSchema).min(1, M.ROLES_REQUIRED).max(20);

/** POST /api/user/invitaciones: a staff member asked to join; they choose their own password. */
export const invitacionSchema = z.object({
  nombre: boundedString(120).min(1, M.NOMBRE_REQUIRED),
  email: emailSchema(),
  roles: roleIdsSchema,
});
export type Invitacion = z.infer<typeof invitacionSchema>;

/**
 * PUT /api/user/me: the name a staff account goes by (the header, Usuarios,
 * Auditoría, the invitations it sends); the first administrator starts without one.
 */
export const cuentaNombreSchema = z.object({
  nombre: z
    .string({ error: M.NOMBRE_REQUIRED })
    .trim()
    .min(1, M.NOMBRE_REQUIRED)
    .max(120, MESSAGES.FIELD_TOO_LONG),
});
export type CuentaNombre = z.infer<typeof cuentaNombreSchema>;

/** GET /api/user/invitaciones/{token}: whom the link invites, to greet them by name. */
export const invitacionInfoSchema = z.object({ nombre: z.string(), email: z.string() });
export type InvitacionInfo = z.infer<typeof invitacionInfoSchema>;

/** PUT /api/user/invitaciones/{token}: the password the invitee chose. */
export const acceptInvitacionSchema = z.object({ password: newPasswordSchema });
export type AcceptInvitacion = z.infer<typeof acceptInvitacionSchema>;

/**
 * PUT /api/user/invitaciones/{token} answers: the account is active. Where the
 * network requires a second factor of its roles, `desafio` continues straight
 * to setting the app up (POST /api/user/login/configurar, then /login/activar,
 * which signs in), without typing the password just chosen again.
 */
export const invitacionAceptadaSchema = messageResponseSchema.extend({
  segundoFactor: z.literal('configurar').optional(),
  desafio: z.string().optional(),
});
export type InvitacionAceptada = z.infer<typeof invitacionAceptadaSchema>;

/** The invitation form on screen: the password twice. */
export const acceptInvitacionFormSchema = acceptInvitacionSchema
  .extend({ confirmPassword: z.string().max(256) })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  });
export type AcceptInvitacionForm = z.infer<typeof acceptInvitacionFormSchema>;

/** PUT /api/user/{id}/roles */
export const userRolesSchema = z.object({ roles: roleIdsSchema });
export type UserRoles = z.infer<typeof userRolesSchema>;

/** PUT /api/user/{id}/estado: deactivate (every session ends) or reactivate. */
export const userEstadoSchema = z.object({ activo: z.boolean() });
export type UserEstado = z.infer<typeof userEstadoSchema>;

// ---------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------

const permissionNameSchema = z.enum(ALL_PERMISSIONS as [PermissionName, ...PermissionName[]], {
  error: M.ROLE_PERMISSION_UNKNOWN,
});

/** GET /api/roles: each role with its permissions and how many accounts hold it. */
export const rolSchema = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.array(permissionNameSchema),
  usuarios: z.number().int(),
  /** ADMINISTRADOR, ADMINISTRATIVO and PRESTADOR: kept by name; ADMINISTRADOR keeps every permission. */
  predeterminado: z.boolean(),
});
export type Rol = z.infer<typeof rolSchema>;

/** POST /api/roles and PUT /api/roles/{id}: upper-case names, like the default roles. */
export const rolInputSchema = z.object({
  name: boundedString(60)
    .min(1, M.ROLE_NAME_REQUIRED)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[\p{Lu}\d _-]+$/u, M.ROLE_NAME_INVALID)),
  permissions: z.array(permissionNameSchema).max(ALL_PERMISSIONS.length),
});
export type RolInput = z.input<typeof rolInputSchema>;

// ---------------------------------------------------------------------------
// One's own sessions (one per sign-in, one per device)
// ---------------------------------------------------------------------------

/** GET /api/user/sesiones: the caller's open sessions, most recently used first. */
export const sesionSchema = z.object({
  id: z.string(),
  /** 'Chrome en Windows', from the browser's own description. */
  dispositivo: z.string(),
  address: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this request came from. */
  actual: z.boolean(),
});
export type Sesion = z.infer<typeof sesionSchema>;
