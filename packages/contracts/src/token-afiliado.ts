import { z } from 'zod';
import * as MESSAGES from './messages/index.ts';
import { TOKEN_AFILIADO_HEADER, TOKEN_VIAS } from './plain.ts';

const M = MESSAGES.tokenAfiliado;

// ---------------------------------------------------------------------------
// The affiliate's token: a six-digit code computed on the affiliate's phone
// (RFC 6238), bound to one enrolled device, typed by the dentist at the chair.
// ---------------------------------------------------------------------------

/**
 * How the phone computes the code, and the server checks it: HMAC-SHA1, six
 * digits, a step of 60 seconds (a code read aloud in a waiting room and typed
 * at the chair a minute later still counts, with one step either side).
 * Each device keeps the step it was enrolled with.
 */
export const TOKEN_AFILIADO = { algoritmo: 'SHA1', digitos: 6, pasoSegundos: 60 } as const;

/** The enrolled device as the affiliate and staff see it (never its secret). */
export const tokenDispositivoSchema = z.object({
  id: z.number(),
  /** The browser and system it was enrolled on ('Chrome en Android'). */
  etiqueta: z.string(),
  via: z.enum(TOKEN_VIAS),
  desde: z.string(),
  /** The last visit validated with its code, if any. */
  ultimoUso: z.string().nullable(),
});
export type TokenDispositivo = z.infer<typeof tokenDispositivoSchema>;

/** GET /api/afiliados/profile/token: the affiliate's device, and how they can enrol one. */
export const tokenEstadoSchema = z.object({
  dispositivo: tokenDispositivoSchema.nullable(),
  /** The proven e-mail, masked, where the activation link can go; null when there is none. */
  email: z.string().nullable(),
  /** Set when the e-mail was proven too recently to enrol by it: the day it can. */
  emailDesde: z.string().nullable(),
});
export type TokenEstado = z.infer<typeof tokenEstadoSchema>;

/** GET /api/afiliados/{id}/token: the same, for staff, with a printed code waiting to be used. */
export const tokenStaffSchema = z.object({
  dispositivo: tokenDispositivoSchema.nullable(),
  /** The expiry of a printed activation code not used yet. */
  codigoVence: z.string().nullable(),
});
export type TokenStaff = z.infer<typeof tokenStaffSchema>;

/** POST /api/afiliados/{id}/token/codigo: the printed activation code, shown this once. */
export const tokenCodigoImpresoSchema = z.object({
  codigo: z.string(),
  vence: z.string(),
  afiliado: z.object({ nombre: z.string(), documento: z.string(), tipoDocumento: z.string() }),
  message: z.string(),
});
export type TokenCodigoImpreso = z.infer<typeof tokenCodigoImpresoSchema>;

/** POST /api/afiliados/profile/token: enrol this device with the mailed link's key or a printed code. */
export const tokenActivarSchema = z
  .object({
    /** The key of the mailed link (`/activar-token/{enlace}`). */
    enlace: z.string().trim().max(100).optional(),
    /** The printed code, as typed ('K7M2-9QXP-4RTA'; case, spaces and dashes do not matter). */
    codigo: z.string().trim().max(40).optional(),
  })
  .refine((v) => Boolean(v.enlace || v.codigo), { message: M.CODIGO_REQUIRED, path: ['codigo'] });
export type TokenActivar = z.infer<typeof tokenActivarSchema>;

/** What the phone keeps to compute its codes: answered once, at enrolment. */
export const tokenSecretoSchema = z.object({
  dispositivoId: z.number(),
  afiliadoId: z.number(),
  /** Base32, as RFC 6238 apps take it. */
  secreto: z.string(),
  /** The second secret: its codes prove the phone when it reads the affiliate's health data, never shown. */
  secretoLectura: z.string(),
  algoritmo: z.literal(TOKEN_AFILIADO.algoritmo),
  digitos: z.number(),
  pasoSegundos: z.number(),
  message: z.string(),
});
export type TokenSecreto = z.infer<typeof tokenSecretoSchema>;

/**
 * POST /api/afiliados/token/olvidar: a phone on which another affiliate signs
 * in gives its token up, proving it holds it with a current code (no session:
 * the one it was enrolled under has ended).
 */
export const tokenOlvidarSchema = z.object({
  dispositivoId: z.number().int().positive().max(2_147_483_647),
  token: z
    .string()
    .trim()
    .regex(/^\d{6}$/, M.TOKEN_INVALID),
});
export type TokenOlvidar = z.infer<typeof tokenOlvidarSchema>;

/**
 * The headers of a read of the affiliate's health data: the code the enrolled phone computes from its
 * second secret (never shown), which proves more than the document a portal session opens with.
 */
export const telefonoHeadersSchema = z.object({
  [TOKEN_AFILIADO_HEADER]: z
    .string()
    .max(20)
    .optional()
    .describe('El código que calcula el teléfono donde el afiliado activó su token (su segundo secreto)'),
});
