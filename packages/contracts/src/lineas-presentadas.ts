import { z } from 'zod';
import { MOTIVOS_MUESTRA } from './cierre.ts';
import { optionalIdQueryParam, paginatedQuerySchema } from './common.ts';
import * as MESSAGES from './messages/index.ts';
import { DEBITOS } from './odontologia.ts';
import { ESTADOS_LINEA, resultadoSchema, ZONAS_BOCA } from './prestaciones.ts';

const M = MESSAGES.cierre;

// ---------------------------------------------------------------------------
// The presented lines an auditor decides: the sample, the alarms and the
// warnings of a closing, the observed ones the dentist answered, and the
// reconsiderations she asked for.
// ---------------------------------------------------------------------------

const codigoDebito = z.enum(Object.keys(DEBITOS) as [keyof typeof DEBITOS, ...(keyof typeof DEBITOS)[]], {
  error: M.MOTIVO_REQUIRED,
});

/** Where a presented line waits: for an auditor, or for its dentist's answer. */
export const ESTADOS_EN_AUDITORIA = ['presentada', 'observada', 'reconsideracion'] as const;
export type EstadoEnAuditoria = (typeof ESTADOS_EN_AUDITORIA)[number];

export const lineasPresentadasQuerySchema = paginatedQuerySchema.extend({
  estado: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ESTADOS_EN_AUDITORIA).optional()),
  profesionalId: optionalIdQueryParam,
  obraSocialId: optionalIdQueryParam,
});
export type LineasPresentadasQuery = z.output<typeof lineasPresentadasQuerySchema>;

/** What happened to a line on its way: a decision, an answer, a reconsideration. */
export const pasoLineaSchema = z.object({
  decision: z.string(),
  estado: z.enum(ESTADOS_LINEA),
  motivo: codigoDebito.nullable(),
  nota: z.string().nullable(),
  importe: z.number().nullable(),
  por: z.string(),
  at: z.string(),
});
export type PasoLinea = z.infer<typeof pasoLineaSchema>;

export const lineaPresentadaSchema = z.object({
  id: z.number(),
  codigoValidacion: z.string(),
  fecha: z.string(),
  /** The closing that presented it. */
  cierre: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  pieza: z.number().nullable(),
  caras: z.string().nullable(),
  sector: z.enum(ZONAS_BOCA).nullable(),
  afiliado: z.object({ id: z.number(), nombre: z.string(), documento: z.string() }),
  profesional: z.object({ id: z.number(), nombre: z.string() }),
  obraSocial: z.object({ id: z.number(), nombre: z.string() }),
  importe: z.number(),
  coseguro: z.number(),
  cargoOs: z.number(),
  importeAprobado: z.number().nullable(),
  estado: z.enum(ESTADOS_LINEA),
  muestra: z.enum(MOTIVOS_MUESTRA).nullable(),
  motivo: codigoDebito.nullable(),
  motivoText: z.string().nullable(),
  nota: z.string().nullable(),
  observadaHasta: z.string().nullable(),
  /** The rules' results as the chair read them. */
  resultados: z.array(resultadoSchema),
  /** What the closing found that the chair had not said. */
  alarmas: z.array(z.object({ codigo: codigoDebito, mensaje: z.string() })),
  /** What the affiliate answered about the visit, when they said it did not happen or was overcharged. */
  confirmacion: z.object({ atendido: z.boolean(), cobro: z.number(), coseguro: z.number() }).nullable(),
  pasos: z.array(pasoLineaSchema),
});
export type LineaPresentada = z.infer<typeof lineaPresentadaSchema>;

export const DECISIONES_LINEA = ['aprobar', 'aprobar_parcial', 'observar', 'rechazar'] as const;
export type DecisionLinea = (typeof DECISIONES_LINEA)[number];

const nota = z
  .string()
  .trim()
  .max(1000, M.NOTA_TOO_LONG)
  .nullish()
  .transform((v) => v || null);

/**
 * PUT /api/lineas/{id}/decision: approve; approve in part (what the network pays of the insurer's
 * share, and why less); observe (what the dentist must send or answer, and the débito it becomes
 * without an answer); reject (the débito).
 */
export const decisionLineaInputSchema = z
  .object({
    decision: z.enum(DECISIONES_LINEA, { error: M.DECISION_INVALID }),
    importeAprobado: z.number().int().nullish(),
    motivo: codigoDebito.nullish(),
    nota,
  })
  .superRefine((v, ctx) => {
    if (v.decision !== 'aprobar' && !v.motivo)
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: M.MOTIVO_REQUIRED });
    if (v.decision === 'observar' && !v.nota)
      ctx.addIssue({ code: 'custom', path: ['nota'], message: M.NOTA_REQUIRED });
  });
export type DecisionLineaInput = z.input<typeof decisionLineaInputSchema>;

/** POST /api/lineas/{id}/respuesta: the dentist's answer to an observation. */
export const respuestaLineaSchema = z.object({
  texto: z
    .string({ error: M.RESPUESTA_REQUIRED })
    .trim()
    .min(1, M.RESPUESTA_REQUIRED)
    .max(1000, M.NOTA_TOO_LONG),
});

/** POST /api/lineas/{id}/reconsideracion: why the dentist asks for a débito to be looked at again. */
export const reconsideracionSchema = z.object({
  nota: z
    .string({ error: M.RECONSIDERACION_REQUIRED })
    .trim()
    .min(1, M.RECONSIDERACION_REQUIRED)
    .max(1000, M.NOTA_TOO_LONG),
});
