import { z } from 'zod';
import { emailSchema, MAX_EMAIL_LENGTH } from './common.ts';
import * as MESSAGES from './messages/index.ts';

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

export const recoverPasswordSchema = z.object({ email: emailSchema() });
export type RecoverPassword = z.infer<typeof recoverPasswordSchema>;

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

const M = MESSAGES.acceso;

// ---------------------------------------------------------------------------
// Two-factor sign-in for staff (TOTP, RFC 6238)
// ---------------------------------------------------------------------------

/** A 6-digit code of the authenticator app, or one of the recovery codes (XXXXX-XXXXX). */
export const codigoSchema = z
  .string({ error: M.CODE_REQUIRED })
  .trim()
  .min(1, M.CODE_REQUIRED)
  .max(20, M.CODE_INVALID)
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, M.CODE_INVALID);

/**
 * POST /api/user/login when the password was right but a second step remains:
 * the code of the authenticator app (`codigo`), or, where it is compulsory and
 * not set up yet, setting it up first (`configurar`). `desafio` is valid 5
 * minutes and only for that step.
 */
export const loginSecondStepSchema = z.object({
  segundoFactor: z.enum(['codigo', 'configurar']),
  desafio: z.string(),
});
export type LoginSecondStep = z.infer<typeof loginSecondStepSchema>;

/** What POST /api/user/login answers: signed in, or the second step. */
export const loginAnswerSchema = z.union([loginResponseSchema, loginSecondStepSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /api/user/login/codigo */
export const loginCodigoSchema = z.object({ desafio: z.string().min(1).max(2000), codigo: codigoSchema });
export type LoginCodigo = z.infer<typeof loginCodigoSchema>;

/** POST /api/user/login/configurar: the challenge of a sign-in that must set the app up first. */
export const desafioSchema = z.object({ desafio: z.string().min(1).max(2000) });

/** A new secret to scan: as text, as the otpauth:// address and as a QR code (an SVG data URL). */
export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** POST /api/user/2fa/activar: the first code the app shows, proving it was set up, and the current password. */
export const activarSchema = z.object({
  codigo: codigoSchema,
  currentPassword: z
    .string({ error: MESSAGES.CURRENT_PASSWORD_REQUIRED })
    .min(1, MESSAGES.CURRENT_PASSWORD_REQUIRED)
    .max(256),
});

/** The recovery codes, shown once when two-factor sign-in is turned on. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** POST /api/user/login/activar answers: a forced set-up finished, which signs in too (its body is `loginCodigoSchema`). */
export const loginActivadoSchema = loginResponseSchema.extend({ recoveryCodes: z.array(z.string()) });

/** GET /api/user/2fa: whether the caller's account has it, must have it, and how many recovery codes remain. */
export const segundoFactorEstadoSchema = z.object({
  activo: z.boolean(),
  obligatorio: z.boolean(),
  codigosRestantes: z.number().int(),
});
export type SegundoFactorEstado = z.infer<typeof segundoFactorEstadoSchema>;

/** POST /api/user/2fa/desactivar: the current password, as for any change to how one signs in. */
export const desactivarSegundoFactorSchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.PASSWORD_REQUIRED })
    .min(1, MESSAGES.PASSWORD_REQUIRED)
    .max(256),
});

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
