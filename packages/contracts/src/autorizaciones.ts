import { z } from 'zod';
import { boundedString, optionalIdQueryParam, paginatedQuerySchema } from './common.ts';
import * as MESSAGES from './messages/index.ts';
import { DEBITOS } from './odontologia.ts';
import { ADJUNTOS } from './planes.ts';
import { lineaLugarShape, lineaPedidaSchema, resultadoSchema } from './prestaciones.ts';
import { networkClock } from './week.ts';

const M = MESSAGES.autorizaciones;

// ---------------------------------------------------------------------------
// Prior authorization: a dentist asks before treating, an auditor decides
// ---------------------------------------------------------------------------

/**
 * Where a request stands. `aprobada` comes at once when the plan's rules can
 * decide it, else after review; `observada` waits for the dentist (the auditor
 * asked for an X-ray or a reply); `consumida` once validated lines used every
 * approved item; `vencida` past its expiry unused.
 */
export const ESTADOS_AUTORIZACION = [
  'en_revision',
  'observada',
  'aprobada',
  'aprobada_parcial',
  'rechazada',
  'consumida',
  'vencida',
  'anulada',
] as const;
export type EstadoAutorizacion = (typeof ESTADOS_AUTORIZACION)[number];

export const ESTADO_AUTORIZACION_LABELS: Record<EstadoAutorizacion, string> = {
  en_revision: 'En revisión',
  observada: 'Observada',
  aprobada: 'Aprobada',
  aprobada_parcial: 'Aprobada en parte',
  rechazada: 'Rechazada',
  consumida: 'Usada',
  vencida: 'Vencida',
  anulada: 'Anulada',
};

/** An item of a request: approved, refused (in a partial approval) or not decided yet. */
export const ESTADOS_ITEM = ['pendiente', 'aprobado', 'rechazado'] as const;

/**
 * The auditor's reasons to refuse, in the catalogue: the rules' own (D codes)
 * and what only a person judges.
 */
export const MOTIVOS_AUDITORIA = {
  sin_indicacion: 'Sin indicación clínica con lo presentado',
  rx_insuficiente: 'La radiografía no permite evaluar la pieza',
  alternativa: 'Corresponde un tratamiento alternativo cubierto',
  pronostico: 'Pronóstico desfavorable de la pieza',
  ...DEBITOS,
  otro: 'Otro motivo (ver la nota)',
} as const;
export type MotivoAuditoria = keyof typeof MOTIVOS_AUDITORIA;
const MOTIVOS = Object.keys(MOTIVOS_AUDITORIA) as [MotivoAuditoria, ...MotivoAuditoria[]];

/** POST /api/autorizaciones: the lines the dentist will do, and why. */
export const autorizacionInputSchema = z.object({
  documento: z
    .string({ error: MESSAGES.prestaciones.DOCUMENTO_REQUIRED })
    .trim()
    .min(1, MESSAGES.prestaciones.DOCUMENTO_REQUIRED)
    .max(40),
  lineas: z
    .array(lineaPedidaSchema.pick({ codigo: true, pieza: true, caras: true, sector: true }))
    .min(1, M.LINEAS_REQUIRED)
    .max(10, M.LINEAS_TOO_MANY),
  /** For the auditor: the diagnosis, what was tried. */
  nota: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    boundedString(2000).optional(),
  ),
});
export type AutorizacionInput = z.input<typeof autorizacionInputSchema>;
export type AutorizacionValues = z.output<typeof autorizacionInputSchema>;

export const autorizacionItemSchema = z.object({
  id: z.number(),
  ...lineaLugarShape,
  estado: z.enum(ESTADOS_ITEM),
  /** Used by a validated line. */
  consumido: z.boolean(),
  /** What the plan's rules said of it when it was asked for. */
  resultados: z.array(resultadoSchema),
});
export type AutorizacionItem = z.infer<typeof autorizacionItemSchema>;

export const autorizacionMensajeSchema = z.object({
  id: z.number(),
  /** Who wrote it: the requesting dentist or an auditor (by role, and the name). */
  de: z.enum(['prestador', 'auditor']),
  autor: z.string(),
  texto: z.string(),
  at: z.string(),
});
export type AutorizacionMensaje = z.infer<typeof autorizacionMensajeSchema>;

/** The most an attachment may weigh: a phone's photo or a scanned X-ray. */
export const MAX_ADJUNTO_BYTES = 10 * 1024 * 1024;

/** A file of a request: what it is, as its bytes say, and who sent it when. */
export const adjuntoSchema = z.object({
  id: z.number(),
  tipo: z.enum(ADJUNTOS),
  nombre: z.string(),
  mime: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  bytes: z.number(),
  subido: z.string(),
});
export type AdjuntoAutorizacion = z.infer<typeof adjuntoSchema>;

/** POST /api/autorizaciones/{id}/adjuntos (multipart): the file and what it is. */
export const adjuntoFormSchema = z.object({
  tipo: z.enum(ADJUNTOS, { error: M.ADJUNTO_TIPO_INVALID }),
  archivo: z.string({ error: M.ADJUNTO_REQUIRED }).min(1, M.ADJUNTO_REQUIRED),
});

export const autorizacionSchema = z.object({
  id: z.number(),
  numero: z.string(),
  estado: z.enum(ESTADOS_AUTORIZACION),
  afiliado: z.object({ id: z.number(), nombre: z.string(), documento: z.string() }),
  profesional: z.object({ id: z.number(), nombre: z.string() }),
  obraSocial: z.object({ id: z.number(), nombre: z.string() }),
  nota: z.string().nullable(),
  pedida: z.string(),
  /** The contract's promise: an answer before this moment (null once answered). */
  respuestaAntes: z.string().nullable(),
  decidida: z.string().nullable(),
  /** The reason of a refusal or partial approval, from the catalogue, and the auditor's note. */
  motivo: z.enum(MOTIVOS).nullable(),
  motivoTexto: z.string().nullable(),
  notaAuditor: z.string().nullable(),
  /** Approved ones are good until this day (inclusive). */
  venceEl: z.string().nullable(),
  items: z.array(autorizacionItemSchema),
  mensajes: z.array(autorizacionMensajeSchema),
  adjuntos: z.array(adjuntoSchema),
});
export type Autorizacion = z.infer<typeof autorizacionSchema>;

/** 201 with the request; 422 when a line cannot be authorized (what the rules said), nothing written. */
export const autorizacionBloqueadaSchema = z.object({
  error: z.string(),
  code: z.string(),
  lineas: z.array(z.object({ ...lineaLugarShape, resultados: z.array(resultadoSchema) })),
});

/** GET /api/autorizaciones (the dentist's own) and the auditor's queue: filtered by state. */
export const autorizacionesQuerySchema = paginatedQuerySchema.omit({ search: true }).extend({
  estado: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ESTADOS_AUTORIZACION, { error: M.ESTADO_INVALID }).optional(),
  ),
});
export type AutorizacionesQuery = z.infer<typeof autorizacionesQuerySchema>;

/** The auditors' queue: open requests by the clock, or of one state; of one insurer, dentist or code. */
export const colaAutorizacionesQuerySchema = autorizacionesQuerySchema.extend({
  obraSocialId: optionalIdQueryParam,
  profesionalId: optionalIdQueryParam,
  codigo: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(20, M.CODIGO_INVALID).optional(),
  ),
});
export type ColaAutorizacionesQuery = z.infer<typeof colaAutorizacionesQuerySchema>;

/** A request as a list shows it: its teeth and files, not its thread. */
export const autorizacionFilaSchema = autorizacionSchema.omit({
  mensajes: true,
  nota: true,
  notaAuditor: true,
});
export type AutorizacionFila = z.infer<typeof autorizacionFilaSchema>;

/** POST /api/autorizaciones/{id}/mensajes: a message in the request's thread. */
export const autorizacionMensajeInputSchema = z.object({
  texto: z.string({ error: M.MENSAJE_REQUIRED }).trim().min(1, M.MENSAJE_REQUIRED).max(2000),
});

/** PUT /api/autorizaciones/{id}: the auditor's decision. */
export const autorizacionDecisionSchema = z
  .object({
    decision: z.enum(['aprobar', 'aprobar_parcial', 'observar', 'rechazar'], { error: M.DECISION_INVALID }),
    /** For a partial approval: the items approved. */
    items: z.array(z.number().int().positive().max(2_147_483_647)).max(10).optional(),
    motivo: z.enum(MOTIVOS, { error: M.MOTIVO_INVALID }).optional(),
    /** For 'observar', what the dentist must send or answer ("Adjunte Rx periapical de 36"). */
    nota: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      boundedString(2000).optional(),
    ),
  })
  .superRefine((d, ctx) => {
    if ((d.decision === 'rechazar' || d.decision === 'aprobar_parcial') && !d.motivo)
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: M.MOTIVO_REQUIRED });
    if (d.decision === 'observar' && !d.nota)
      ctx.addIssue({ code: 'custom', path: ['nota'], message: M.MENSAJE_REQUIRED });
    if (d.decision === 'aprobar_parcial' && !d.items?.length)
      ctx.addIssue({ code: 'custom', path: ['items'], message: M.ITEMS_REQUIRED });
  });
export type AutorizacionDecision = z.infer<typeof autorizacionDecisionSchema>;

/** "03/12 14:00": a moment as the network's clock reads it. */
const diaHora = (iso: string) => {
  const { date, time } = networkClock(new Date(iso));
  return `${date.slice(8, 10)}/${date.slice(5, 7)} ${time}`;
};

/** "5 horas", "1 día", "3 días": how long ago, in the largest whole unit. */
function haceCuanto(desde: string, now: Date): string {
  const horas = Math.max(0, Math.floor((now.getTime() - Date.parse(desde)) / 3_600_000));
  if (horas < 24) return horas === 1 ? '1 hora' : `${horas} horas`;
  const dias = Math.floor(horas / 24);
  return dias === 1 ? '1 día' : `${dias} días`;
}

/**
 * Where a request stands against the contract's promise, in words the dentist and the affiliate
 * read alike: "En revisión desde hace 2 días — respuesta prometida antes del 03/12 14:00". Null
 * once the auditor answered.
 */
export function relojAutorizacion(
  a: { estado: EstadoAutorizacion; pedida: string; respuestaAntes: string | null },
  now: Date,
): string | null {
  if (a.estado === 'observada') return 'Observada: el auditor espera una respuesta del profesional';
  if (a.estado !== 'en_revision' || !a.respuestaAntes) return null;
  const promesa = diaHora(a.respuestaAntes);
  const desde = `En revisión desde hace ${haceCuanto(a.pedida, now)}`;
  return Date.parse(a.respuestaAntes) < now.getTime()
    ? `${desde} — la respuesta estaba prometida antes del ${promesa}`
    : `${desde} — respuesta prometida antes del ${promesa}`;
}

/** A request as the affiliate reads it in 'Mis prestaciones': what, who, where it stands. */
export const autorizacionAfiliadoSchema = z.object({
  numero: z.string(),
  estado: z.enum(ESTADOS_AUTORIZACION),
  prestador: z.string(),
  pedida: z.string(),
  respuestaAntes: z.string().nullable(),
  venceEl: z.string().nullable(),
  /** "Tratamiento endodóntico en unirradiculares (03.01), pieza 36". */
  items: z.array(z.string()),
  motivoTexto: z.string().nullable(),
  /** The X-rays and photos sent with it, which the affiliate may open (from the phone). */
  adjuntos: z.array(adjuntoSchema.pick({ id: true, tipo: true, nombre: true, mime: true })).default([]),
});
export type AutorizacionAfiliado = z.infer<typeof autorizacionAfiliadoSchema>;
