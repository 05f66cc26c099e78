import { z } from 'zod';
import { especialidadSchema, zonaSchema } from './profesionales.ts';

// ---------------------------------------------------------------------------
// The catalogues staff keep, with how many professionals use each entry
// ---------------------------------------------------------------------------

/** GET /api/especialidades/catalogo: each specialty with the professionals who have it in their profile. */
export const especialidadCatalogoSchema = especialidadSchema.extend({ profesionales: z.number().int() });
export type EspecialidadCatalogo = z.infer<typeof especialidadCatalogoSchema>;

/** GET /api/zonas/catalogo: each zone with the professionals assigned to it. */
export const zonaCatalogoSchema = zonaSchema.extend({ profesionales: z.number().int() });
export type ZonaCatalogo = z.infer<typeof zonaCatalogoSchema>;
