import { z } from 'zod';
import { newPasswordSchema, roleSchema } from './acceso.ts';
import {
  boundedString,
  emailSchema,
  idSchema,
  MAX_ID,
  messageResponseSchema,
  paginatedQuerySchema,
} from './common.ts';
import * as MESSAGES from './messages/index.ts';

const M = MESSAGES.usuarios;

// ---------------------------------------------------------------------------
// Accounts created and edited by id, and the confirmation of an address staff gave one
// ---------------------------------------------------------------------------

/** Roles named by id or by name (`[3]` or `['PRESTADOR']`). */
const roleRefsSchema = z
  .array(z.union([z.number().int().positive().max(MAX_ID), z.string().max(100)]))
  .max(20);
export type RoleRef = number | string;

/** POST /api/user: an active account; roles only by holders of USERS.UPDATE_ROLE. */
export const createUserSchema = z.object({
  user: emailSchema(),
  pass: newPasswordSchema,
  roles: roleRefsSchema.default([]),
});
export type CreateUser = z.infer<typeof createUserSchema>;

/**
 * PUT /api/user/{id}: any of e-mail, password and roles. On the caller's own
 * account a new e-mail or password also needs the current password, as
 * `change-password` does: a session alone must not be enough to take it.
 */
export const updateUserSchema = z.object({
  user: emailSchema().optional(),
  pass: newPasswordSchema.optional(),
  roles: roleRefsSchema.optional(),
  currentPassword: z.string().max(256, MESSAGES.FIELD_TOO_LONG).optional(),
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

/**
 * An account's state: pendiente (a professional's sign-up waiting for approval),
 * invitado (staff asked to join, password not set yet), activo, desactivado.
 */
export const USER_STATUSES = ['pending', 'invited', 'active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const userSchema = z.object({
  id: z.number(),
  user: z.string(),
  status: z.enum(USER_STATUSES),
  roles: z.array(roleSchema),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/user/confirm-email: the token of the link mailed to an address someone else gave the account. */
export const emailConfirmSchema = z.object({
  token: z
    .string({ error: MESSAGES.usuarios.EMAIL_TOKEN_INVALID })
    .min(1, MESSAGES.usuarios.EMAIL_TOKEN_INVALID)
    .max(200),
});

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
