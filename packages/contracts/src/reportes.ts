import { z } from 'zod';
import { boundedString, optionalIdQueryParam, paginatedQuerySchema } from './common.ts';
import * as MESSAGES from './messages/index.ts';

// ---------------------------------------------------------------------------
// Wrong-data reports: the staff queue (/api/reportes) and the affiliate's own
// ---------------------------------------------------------------------------

export const REPORTE_ESTADOS = ['abierto', 'cerrado'] as const;
export type ReporteEstado = (typeof REPORTE_ESTADOS)[number];

/** GET /api/reportes: a page of the queue, open ones by default, oldest first (closed: newest first). */
export const reportesQuerySchema = paginatedQuerySchema.omit({ search: true }).extend({
  estado: z.enum(REPORTE_ESTADOS, { error: MESSAGES.reportes.ESTADO_INVALID }).default('abierto'),
  profesionalId: optionalIdQueryParam,
});
export type ReportesQuery = z.infer<typeof reportesQuerySchema>;

/**
 * Who sent a report, while the affiliate exists: the name and document to
 * holders of AFILIADOS.GET (the server audits that they saw them), only the
 * name's initials to the rest of the staff who keep the directory.
 */
export const reporteAfiliadoSchema = z.union([
  z.object({ nombre: z.string(), documento: z.string() }),
  z.object({ iniciales: z.string() }),
]);
export type ReporteAfiliado = z.infer<typeof reporteAfiliadoSchema>;

export const reporteQueueRowSchema = z.object({
  id: z.number(),
  profesional: z.object({ id: z.number(), nombre: z.string() }),
  motivo: z.string(),
  createdAt: z.string(),
  /** Who reported it, while the affiliate exists. */
  afiliado: reporteAfiliadoSchema.nullable(),
  estado: z.enum(REPORTE_ESTADOS),
  cerradoAt: z.string().nullable(),
  /** The staff member who closed it (name, or e-mail without one). */
  cerradoPor: z.string().nullable(),
  /** What staff found or did; the affiliate who reported it reads it too. */
  nota: z.string().nullable(),
});
export type ReporteQueueRow = z.infer<typeof reporteQueueRowSchema>;

/** PUT /api/reportes/{id}: closed with what was found or done, or opened again. */
export const reporteUpdateSchema = z.object({
  estado: z.enum(REPORTE_ESTADOS, { error: MESSAGES.reportes.ESTADO_INVALID }),
  nota: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    boundedString(500).optional(),
  ),
});
export type ReporteUpdate = z.infer<typeof reporteUpdateSchema>;

/** GET /api/reportes/mios: the reports the signed-in affiliate sent, newest first, and where each stands. */
export const miReporteSchema = reporteQueueRowSchema.pick({
  id: true,
  profesional: true,
  motivo: true,
  createdAt: true,
  estado: true,
  cerradoAt: true,
  nota: true,
});
export type MiReporte = z.infer<typeof miReporteSchema>;
