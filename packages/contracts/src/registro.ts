import { z } from 'zod';
import { newPasswordSchema } from './acceso.ts';
import { boundedString, emailSchema } from './common.ts';
import * as MESSAGES from './messages/index.ts';
import { JURISDICCIONES } from './profesionales.ts';

// ---------------------------------------------------------------------------
// Professionals' self-registration and the confirmation of their e-mail
// ---------------------------------------------------------------------------

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

/** POST /api/registro/confirm-email: the token of the link mailed at sign-up. */
export const registroConfirmSchema = z.object({
  token: z
    .string({ error: MESSAGES.REGISTRO_TOKEN_INVALID })
    .min(1, MESSAGES.REGISTRO_TOKEN_INVALID)
    .max(200),
});
/** POST /api/registro/resend-confirmation: the address the request was made with. */
export const resendConfirmationSchema = z.object({ email: emailSchema() });
export type ResendConfirmation = z.infer<typeof resendConfirmationSchema>;
