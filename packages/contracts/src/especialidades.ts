import { z } from 'zod';
import { boundedString } from './common.ts';
import * as MESSAGES from './messages/index.ts';

// ---------------------------------------------------------------------------
// The specialties, and staff's catalogue of them
// ---------------------------------------------------------------------------

export const especialidadSchema = z.object({ id: z.number(), nombre: z.string() });
export type Especialidad = z.infer<typeof especialidadSchema>;

/** POST /api/especialidades */
export const especialidadInputSchema = z.object({
  nombre: boundedString(100).min(1, MESSAGES.NAME_REQUIRED),
});
export type EspecialidadInput = z.infer<typeof especialidadInputSchema>;

/** GET /api/especialidades/catalogo: each specialty with the professionals who have it in their profile. */
export const especialidadCatalogoSchema = especialidadSchema.extend({ profesionales: z.number().int() });
export type EspecialidadCatalogo = z.infer<typeof especialidadCatalogoSchema>;
