import { z } from 'zod';
import { loginResponseSchema } from './auth.ts';
import * as MESSAGES from './messages/index.ts';

const M = MESSAGES.segundoFactor;

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
