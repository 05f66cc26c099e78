import { z } from 'zod';
import { lineaHistoriaSchema } from './prestaciones.ts';
import { respuestaSchema } from './prestaciones-afiliado.ts';

// ---------------------------------------------------------------------------
// The dental auditor's workbench: what a request is judged against
// ---------------------------------------------------------------------------

/**
 * GET /api/auditoria-odontologica/{id}/contexto: the affiliate's mouth as the
 * network recorded it (every line, by whom), and what the affiliate answered
 * about earlier visits — a "no me atendieron" or a charge beyond the copay
 * weighs on a new request from the same dentist.
 */
export const contextoAuditoriaSchema = z.object({
  lineas: z.array(lineaHistoriaSchema.omit({ id: true, propia: true, garantiaHasta: true })),
  respuestas: z.array(respuestaSchema.extend({ observada: z.boolean() })),
});
export type ContextoAuditoria = z.infer<typeof contextoAuditoriaSchema>;
