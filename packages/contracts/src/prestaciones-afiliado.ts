import { z } from 'zod';
import { autorizacionAfiliadoSchema } from './autorizaciones.ts';
import { boundedString, optionalIdQueryParam, paginatedQuerySchema } from './common.ts';
import * as MESSAGES from './messages/index.ts';
import { MAX_CENTAVOS } from './money.ts';
import { ESTADOS_LINEA, lineaLugarShape } from './prestaciones.ts';

const M = MESSAGES.prestaciones;

// ---------------------------------------------------------------------------
// The affiliate in the loop: their own lines, the questions after a visit,
// and staff's queue of the answers that say otherwise
// ---------------------------------------------------------------------------

/**
 * GET /api/afiliados/profile/prestaciones: every line recorded on the affiliate, newest first, each
 * with the dentist who recorded it by name (it is the affiliate's own care, and who billed for it).
 */
export const prestacionAfiliadoSchema = z.object({
  id: z.number(),
  fecha: z.string(),
  ...lineaLugarShape,
  estado: z.enum(ESTADOS_LINEA),
  prestador: z.string(),
  /** What the affiliate was to pay at the office, in centavos. */
  coseguro: z.number(),
  codigoValidacion: z.string(),
});
export type PrestacionAfiliado = z.infer<typeof prestacionAfiliadoSchema>;

/** A visit the affiliate has not yet said whether it happened, and whether they were charged at the office. */
export const preguntaSchema = z.object({
  atencionId: z.number(),
  fecha: z.string(),
  prestador: z.string(),
  /** What the affiliate was to pay at the office for the visit, in centavos. */
  coseguro: z.number(),
});
export type Pregunta = z.infer<typeof preguntaSchema>;

export const prestacionesAfiliadoSchema = z.object({
  lineas: z.array(prestacionAfiliadoSchema),
  /** The visits of the last 60 days still waiting for the affiliate's answer. */
  preguntas: z.array(preguntaSchema),
  /** The prior authorizations dentists asked for them, newest first, with where each stands. */
  autorizaciones: z.array(autorizacionAfiliadoSchema).default([]),
});
export type PrestacionesAfiliado = z.infer<typeof prestacionesAfiliadoSchema>;

/** POST /api/afiliados/profile/confirmaciones: whether the visit happened, and what was charged at the office. */
export const confirmacionInputSchema = z.object({
  atencionId: z.number().int().positive().max(2_147_483_647),
  atendido: z.boolean(),
  /** In centavos; 0 or absent: nothing was charged. */
  cobro: z
    .number({ error: M.COBRO_INVALID })
    .int(M.COBRO_INVALID)
    .min(0, M.COBRO_INVALID)
    .max(MAX_CENTAVOS, M.COBRO_INVALID)
    .nullish(),
});
export type ConfirmacionInput = z.input<typeof confirmacionInputSchema>;
export type ConfirmacionValues = z.output<typeof confirmacionInputSchema>;

/** An answer the affiliate gave about a visit: whether it happened, and what they were charged at the office. */
export const respuestaSchema = z.object({
  atencionId: z.number(),
  fecha: z.string(),
  prestador: z.string(),
  atendido: z.boolean(),
  /** In centavos: what the affiliate said was charged, and the visit's copay then. */
  cobro: z.number(),
  coseguro: z.number(),
  respondida: z.string(),
});
export type Respuesta = z.infer<typeof respuestaSchema>;

/**
 * Where an observed answer stands in staff's queue: waiting for someone to look into it, or looked
 * into (with what was found).
 */
export const CONFIRMACION_ESTADOS = ['pendiente', 'revisada'] as const;
export type ConfirmacionEstado = (typeof CONFIRMACION_ESTADOS)[number];

/** GET /api/prestaciones/confirmaciones: pending (oldest first) or reviewed (newest first), of one dentist or all. */
export const confirmacionesQuerySchema = paginatedQuerySchema.omit({ search: true }).extend({
  estado: z.enum(CONFIRMACION_ESTADOS, { error: M.CONFIRMACION_ESTADO_INVALID }).default('pendiente'),
  profesionalId: optionalIdQueryParam,
});
export type ConfirmacionesQuery = z.infer<typeof confirmacionesQuerySchema>;

/** A visit the affiliate said did not happen, or where they were charged beyond the copay. */
export const confirmacionObservadaSchema = z.object({
  atencionId: z.number(),
  codigoValidacion: z.string(),
  fecha: z.string(),
  profesional: z.object({ id: z.number(), nombre: z.string() }),
  afiliado: z.object({ id: z.number(), nombre: z.string(), documento: z.string() }),
  /** What was recorded at the chair: each line's code and place. */
  lineas: z.array(z.string()),
  atendido: z.boolean(),
  cobro: z.number(),
  coseguro: z.number(),
  respondida: z.string(),
  estado: z.enum(CONFIRMACION_ESTADOS),
  /** Who reviewed it, when, and what they found; null while pending. */
  revision: z.object({ at: z.string(), por: z.string().nullable(), nota: z.string().nullable() }).nullable(),
});
export type ConfirmacionObservada = z.infer<typeof confirmacionObservadaSchema>;

/** PUT /api/prestaciones/confirmaciones/{atencionId}: reviewed, with what was found, or back to pending. */
export const confirmacionRevisionSchema = z.object({
  estado: z.enum(CONFIRMACION_ESTADOS, { error: M.CONFIRMACION_ESTADO_INVALID }),
  nota: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    boundedString(500).optional(),
  ),
});
export type ConfirmacionRevision = z.infer<typeof confirmacionRevisionSchema>;
