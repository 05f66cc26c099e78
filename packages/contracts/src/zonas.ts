import { z } from 'zod';
import { boundedString, MAX_ID } from './common.ts';
import * as MESSAGES from './messages/index.ts';

const M = MESSAGES.zonas;

// ---------------------------------------------------------------------------
// The zones, and staff's catalogue of them
// ---------------------------------------------------------------------------

export const zonaSchema = z.object({ id: z.number(), nombre: z.string(), numero: z.number() });
export type Zona = z.infer<typeof zonaSchema>;

/** How a zone is named wherever it is listed or picked: its number, then its name ('1 - Gran Rosario'). */
export const zonaLabel = (zona: Pick<Zona, 'nombre' | 'numero'>) => `${zona.numero} - ${zona.nombre}`;

/** POST /api/zonas: the number is unique (409 when taken). */
export const zonaInputSchema = z.object({
  nombre: boundedString(100).min(1, M.NOMBRE_REQUIRED),
  numero: z.coerce
    .number({ error: M.NUMERO_INVALID })
    .int(M.NUMERO_INVALID)
    .positive(M.NUMERO_INVALID)
    .max(MAX_ID, M.NUMERO_INVALID),
});
export type ZonaInput = z.infer<typeof zonaInputSchema>;

/** GET /api/zonas/catalogo: each zone with the professionals assigned to it. */
export const zonaCatalogoSchema = zonaSchema.extend({ profesionales: z.number().int() });
export type ZonaCatalogo = z.infer<typeof zonaCatalogoSchema>;
