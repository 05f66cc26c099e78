import { z } from 'zod';
import { isValidEmail, isValidPhone } from './common.ts';
import * as MESSAGES from './messages/index.ts';

const MAX_ENTRIES = 20;

/** A list of strings where blank entries (the form's empty extra inputs) are dropped; a single string is a list of one. */
function listOf(entry: z.ZodType<string>) {
  return z
    .preprocess(
      (v) => (v == null ? [] : typeof v === 'string' ? [v] : v),
      z.array(entry).max(MAX_ENTRIES, MESSAGES.TOO_MANY_ITEMS),
    )
    .transform((list) => list.filter((v) => v !== ''));
}

/** Body of POST /api/obra-sociales and PUT /api/obra-sociales/{id}. */
export const obraSocialInputSchema = z.object({
  nombre: z
    .string({ error: MESSAGES.obrasSociales.NOMBRE_REQUIRED })
    .trim()
    .min(1, MESSAGES.obrasSociales.NOMBRE_REQUIRED)
    .max(200, MESSAGES.FIELD_TOO_LONG),
  telefono: listOf(
    z
      .string()
      .trim()
      .max(50, MESSAGES.obrasSociales.TELEFONO_TOO_LONG)
      .refine((v) => v === '' || isValidPhone(v), MESSAGES.PHONE_INVALID),
  ),
  mail: listOf(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || isValidEmail(v), MESSAGES.obrasSociales.EMAIL_INVALID),
  ),
});
export type ObraSocialInput = z.infer<typeof obraSocialInputSchema>;

/** An insurer of GET /api/obra-sociales, with its number of affiliates. */
export const obraSocialSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  mail: z.array(z.string()),
  telefono: z.array(z.string()),
  afiliadoCount: z.number(),
});
export type ObraSocial = z.infer<typeof obraSocialSchema>;

/**
 * An insurer as other records name it: the items of GET /api/obra-sociales/list
 * (the selects) and an affiliate's or a professional's `obraSocial`.
 */
export const obraSocialRefSchema = z.object({ id: z.number(), nombre: z.string() });
export type ObraSocialRef = z.infer<typeof obraSocialRefSchema>;
