import { z } from 'zod';
import { isValidEmail } from './afiliados.ts';

export const OBRA_SOCIAL_MESSAGES = {
  NOMBRE_REQUIRED: 'El nombre es obligatorio',
  EMAIL_INVALID: 'Email inválido',
  TELEFONO_TOO_LONG: 'El teléfono es demasiado largo',
  DUPLICATE: 'Ya existe una obra social con ese nombre',
  NOT_FOUND: 'La obra social no existe',
  CREATE_FAILED: 'Error: No se pudo agregar la obra social',
  SUBMIT_FAILED: 'Error al enviar el formulario. Por favor, intenta de nuevo.',
  DELETED: (n: number) => `Se eliminaron ${n} Obra(s) Social(es)`,
  DELETE_FAILED: 'Hubo un error al eliminar las obras sociales',
  DELETE_CONFIRM: 'Esta acción no se puede deshacer.',
} as const;

const MAX_ENTRIES = 20;

/** A list of strings where blank entries (the form's empty extra inputs) are dropped; a single string is a list of one. */
function listOf(entry: z.ZodType<string>) {
  return z
    .preprocess(
      (v) => (v == null ? [] : typeof v === 'string' ? [v] : v),
      z.array(entry).max(MAX_ENTRIES, 'Demasiados elementos'),
    )
    .transform((list) => list.filter((v) => v !== ''));
}

/** Body of POST /api/obra-sociales and PUT /api/obra-sociales/{id}. */
export const obraSocialInputSchema = z.object({
  nombre: z
    .string({ error: OBRA_SOCIAL_MESSAGES.NOMBRE_REQUIRED })
    .trim()
    .min(1, OBRA_SOCIAL_MESSAGES.NOMBRE_REQUIRED)
    .max(200, 'El texto es demasiado largo'),
  telefono: listOf(z.string().trim().max(50, OBRA_SOCIAL_MESSAGES.TELEFONO_TOO_LONG)),
  mail: listOf(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || isValidEmail(v), OBRA_SOCIAL_MESSAGES.EMAIL_INVALID),
  ),
});
export type ObraSocialInput = z.infer<typeof obraSocialInputSchema>;

/** An insurer of GET /api/obra-sociales (spec section 3). */
export const obraSocialSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  mail: z.array(z.string()),
  telefono: z.array(z.string()),
  afiliadoCount: z.number(),
});
export type ObraSocial = z.infer<typeof obraSocialSchema>;

/** GET /api/obra-sociales/list: the short list for selects. */
export const obraSocialListItemSchema = z.object({ id: z.number(), nombre: z.string() });
export type ObraSocialListItem = z.infer<typeof obraSocialListItemSchema>;
