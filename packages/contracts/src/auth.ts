import { z } from 'zod';
import { fechaNacimientoSchema } from './afiliados.ts';
import { boundedString, emailSchema, MAX_EMAIL_LENGTH, MAX_ID } from './common.ts';
import * as MESSAGES from './messages/index.ts';
import { JURISDICCIONES } from './profesionales.ts';

/** Passwords are never trimmed: spaces are part of a password. 256 bounds the hashing work. */
export const newPasswordSchema = z
  .string({ error: MESSAGES.PASSWORD_REQUIRED })
  .min(1, MESSAGES.PASSWORD_REQUIRED)
  .min(8, MESSAGES.PASSWORD_MIN)
  .max(256, MESSAGES.FIELD_TOO_LONG);

export const loginRequestSchema = z.object({
  user: z
    .string({ error: MESSAGES.EMAIL_REQUIRED })
    .trim()
    .min(1, MESSAGES.EMAIL_REQUIRED)
    .max(MAX_EMAIL_LENGTH),
  pass: z.string({ error: MESSAGES.PASSWORD_REQUIRED }).min(1, MESSAGES.PASSWORD_REQUIRED).max(256),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const permissionSchema = z.object({ name: z.string() });
export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.array(permissionSchema),
});
export type Role = z.infer<typeof roleSchema>;

export const sessionUserSchema = z.object({
  id: z.number(),
  user: z.string(),
  professionalName: z.string().nullable(),
  /** A staff account's own name, null until it is given one (a professional's is professionalName). */
  nombre: z.string().nullable(),
  roles: z.array(roleSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({ user: sessionUserSchema, token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Registration form and POST /api/registro body; the form checks it all on submit. */
export const registroSchema = z.object({
  nombre: z
    .string({ error: MESSAGES.NAME_REQUIRED })
    .trim()
    .min(1, MESSAGES.NAME_REQUIRED)
    .min(3, MESSAGES.NAME_MIN)
    .max(200, MESSAGES.FIELD_TOO_LONG),
  email: emailSchema(),
  password: newPasswordSchema,
  razonSocial: z
    .string({ error: MESSAGES.RAZON_SOCIAL_REQUIRED })
    .trim()
    .min(1, MESSAGES.RAZON_SOCIAL_REQUIRED)
    .max(200, MESSAGES.FIELD_TOO_LONG),
  /** The licence, optional: staff check it before verifying the professional. */
  matricula: boundedString(50).optional(),
  matriculaJurisdiccion: z
    .enum(JURISDICCIONES, { error: MESSAGES.profesionales.JURISDICCION_INVALID })
    .optional(),
});
export type Registro = z.infer<typeof registroSchema>;

export const recoverPasswordSchema = z.object({ email: emailSchema() });
export type RecoverPassword = z.infer<typeof recoverPasswordSchema>;

/** POST /api/registro/confirm-email: the token of the link mailed at sign-up. */
export const registroConfirmSchema = z.object({
  token: z
    .string({ error: MESSAGES.REGISTRO_TOKEN_INVALID })
    .min(1, MESSAGES.REGISTRO_TOKEN_INVALID)
    .max(200),
});
/** POST /api/user/confirm-email: the token of the link mailed to an address someone else gave the account. */
export const emailConfirmSchema = z.object({
  token: z
    .string({ error: MESSAGES.usuarios.EMAIL_TOKEN_INVALID })
    .min(1, MESSAGES.usuarios.EMAIL_TOKEN_INVALID)
    .max(200),
});
/** POST /api/registro/resend-confirmation: the address the request was made with. */
export const resendConfirmationSchema = z.object({ email: emailSchema() });
export type ResendConfirmation = z.infer<typeof resendConfirmationSchema>;

export const restorePasswordSchema = z.object({
  id: z.string({ error: MESSAGES.RESTORE_TOKEN_INVALID }).min(1, MESSAGES.RESTORE_TOKEN_INVALID).max(200),
  password: newPasswordSchema,
});
export type RestorePassword = z.infer<typeof restorePasswordSchema>;

/** POST /api/user/restore-password/check: the mailed link's token, checked without spending it. */
export const restoreTokenSchema = restorePasswordSchema.pick({ id: true });

/** PUT /api/user/change-password: the new password, and the current one (a session alone is not enough). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.CURRENT_PASSWORD_REQUIRED })
    .min(1, MESSAGES.CURRENT_PASSWORD_REQUIRED)
    .max(256, MESSAGES.FIELD_TOO_LONG),
  password: newPasswordSchema,
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** The 'Cambiar Contraseña' modal: the request's fields and the new password's confirmation. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  });

/** Password plus confirmation, as the restore and profile screens ask for it. */
export const passwordWithConfirmationSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  });

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

export const afiliadoLoginSchema = z.object({
  documento: boundedString(40).min(1, MESSAGES.DOCUMENT_REQUIRED),
  /** Asked only where AFFILIATE_LOGIN_BIRTHDATE is on: then it must match the affiliate's, 'yyyy-mm-dd'. */
  fecha_nacimiento: fechaNacimientoSchema,
});
export type AfiliadoLogin = z.infer<typeof afiliadoLoginSchema>;
export type AfiliadoLoginInput = z.input<typeof afiliadoLoginSchema>;
export const tokenResponseSchema = z.object({ token: z.string() });

/** An entry of GET /api/permisos. */
export const permisoSchema = z.object({ id: z.number(), name: z.string(), description: z.string() });
export type Permiso = z.infer<typeof permisoSchema>;
