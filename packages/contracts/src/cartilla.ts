import { z } from 'zod';
import { boundedString } from './common.ts';
import { especialidadSchema } from './especialidades.ts';
import * as MESSAGES from './messages/index.ts';
import { reporteAfiliadoSchema } from './reportes.ts';
import { ausenciaSchema, weeklyScheduleSchema } from './schedule.ts';

const _M = MESSAGES.cartilla;

/**
 * GET /api/profesionales/obrasocial: one provider of the affiliate's
 * directory. Never the e-mail, the licence or anything of the account.
 */
export const cartillaProfesionalSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  razonSocial: z.string().nullable(),
  telefono: z.string().nullable(),
  direccion: z.string().nullable(),
  depto: z.string().nullable(),
  /** Numeric strings (6 decimals). */
  lat: z.string().nullable(),
  long: z.string().nullable(),
  localidad: z.string().nullable(),
  especialidades: z.array(especialidadSchema),
  horarios: weeklyScheduleSchema,
  guardias: weeklyScheduleSchema,
  aceptaNuevosPacientes: z.boolean(),
  ausencias: z.array(ausenciaSchema),
  datosConfirmadosAt: z.string().nullable(),
});
export type CartillaProfesional = z.infer<typeof cartillaProfesionalSchema>;

/** How many reports an affiliate may send in a day. */
export const REPORTES_POR_DIA = 5;

/** POST /api/profesionales/{id}/reportes: what is wrong in a provider's listing. */
export const reporteInputSchema = z.object({
  motivo: boundedString(1000)
    .min(1, MESSAGES.reportes.MOTIVO_REQUIRED)
    .min(5, MESSAGES.reportes.MOTIVO_TOO_SHORT),
});
export type ReporteInput = z.infer<typeof reporteInputSchema>;

/** GET /api/profesionales/{id}/reportes: the open reports staff see on the provider's page. */
export const reporteSchema = z.object({
  id: z.number(),
  motivo: z.string(),
  createdAt: z.string(),
  /** Who reported it, while the affiliate exists. */
  afiliado: reporteAfiliadoSchema.nullable(),
});
export type Reporte = z.infer<typeof reporteSchema>;
