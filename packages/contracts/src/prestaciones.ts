import { z } from 'zod';
import { fechaSchema } from './fechas.ts';
import * as MESSAGES from './messages/index.ts';
import { CODIGO_PATTERN } from './nomenclador.ts';
import { obraSocialRefSchema } from './obras-sociales.ts';
import { DEBITOS, isPieza, parseCaras, SECTORES } from './odontologia.ts';
import { ADJUNTOS, planRefSchema } from './planes.ts';

const M = MESSAGES.prestaciones;

// ---------------------------------------------------------------------------
// The chair: a patient's history across the network, the lines a dentist
// will do checked against the plan's rules, and the visit validated.
// ---------------------------------------------------------------------------

/** What becomes of a line, from the chair to the insurer's payment. */
export const ESTADOS_LINEA = [
  'validada',
  'presentada',
  'aprobada',
  'aprobada_parcial',
  'observada',
  'rechazada',
  'reconsideracion',
  'liquidada',
  'facturada',
  'debitada_os',
  'refacturada',
  'anulada',
] as const;
export type EstadoLinea = (typeof ESTADOS_LINEA)[number];
export const ESTADO_LINEA_LABELS: Record<EstadoLinea, string> = {
  validada: 'Validada',
  presentada: 'Presentada',
  aprobada: 'Aprobada',
  aprobada_parcial: 'Aprobada en parte',
  observada: 'Observada',
  rechazada: 'Rechazada',
  reconsideracion: 'En reconsideración',
  liquidada: 'Liquidada',
  facturada: 'Facturada',
  debitada_os: 'Debitada por la obra social',
  refacturada: 'Refacturada',
  anulada: 'Anulada',
};

/** How a visit came: an ordinary one, or an emergency treated before its authorization. */
export const CANALES = ['normal', 'urgencia'] as const;
export type Canal = (typeof CANALES)[number];

/** An arch, for codes that treat one whole: S (upper) or I (lower), beside the six sectors. */
export const ARCADAS = ['S', 'I'] as const;
export const ZONAS_BOCA = [...SECTORES, ...ARCADAS] as const;
export type ZonaBoca = (typeof ZONAS_BOCA)[number];
export const ZONA_BOCA_LABELS: Record<ZonaBoca, string> = {
  SD: 'sector superior derecho',
  SA: 'sector superior anterior',
  SI: 'sector superior izquierdo',
  ID: 'sector inferior derecho',
  IA: 'sector inferior anterior',
  II: 'sector inferior izquierdo',
  S: 'arcada superior',
  I: 'arcada inferior',
};

/** '36 OM', 'pieza 46', 'sector superior derecho', 'boca completa': where a line is, in words. */
export function lugarDeLinea(l: {
  pieza: number | null;
  caras: string | null;
  sector: string | null;
}): string {
  if (l.pieza !== null) return l.caras ? `${l.pieza} ${l.caras}` : `pieza ${l.pieza}`;
  if (l.sector) return ZONA_BOCA_LABELS[l.sector as ZonaBoca] ?? l.sector;
  return 'boca completa';
}

/** A line's code and place, as every answer about lines gives them. */
export const lineaLugarShape = {
  codigo: z.string(),
  nombre: z.string(),
  pieza: z.number().nullable(),
  caras: z.string().nullable(),
  sector: z.enum(ZONAS_BOCA).nullable(),
};

/** How a rule's result weighs: fine, to be read, or stopping the line. */
export const NIVELES = ['ok', 'aviso', 'bloqueo'] as const;
export type Nivel = (typeof NIVELES)[number];

export const resultadoSchema = z.object({
  /** The débito reason the result would be at closing (D01–D14); null for what is fine. */
  codigo: z.enum(Object.keys(DEBITOS) as [keyof typeof DEBITOS, ...(keyof typeof DEBITOS)[]]).nullable(),
  nivel: z.enum(NIVELES),
  /** Why, and what to do, in words: "Falta la Rx preoperatoria: adjúntela". */
  mensaje: z.string(),
});
export type Resultado = z.infer<typeof resultadoSchema>;

/** A line as the chair asks for it. Faces as typed ('mod', 'O,D'), kept in the fixed order. */
export const lineaPedidaSchema = z.object({
  codigo: z.string({ error: M.CODIGO_REQUIRED }).trim().regex(CODIGO_PATTERN, M.CODIGO_REQUIRED),
  pieza: z
    .number({ error: M.PIEZA_INVALID })
    .int(M.PIEZA_INVALID)
    .refine(isPieza, M.PIEZA_INVALID)
    .nullish()
    .transform((v) => v ?? null),
  caras: z
    .string({ error: M.CARAS_INVALID })
    .max(16, M.CARAS_INVALID)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const caras = parseCaras(v);
      if (!caras) {
        ctx.addIssue({ code: 'custom', message: M.CARAS_INVALID });
        return z.NEVER;
      }
      return caras.length ? caras.join('') : null;
    }),
  sector: z
    .enum(ZONAS_BOCA, { error: M.SECTOR_INVALID })
    .nullish()
    .transform((v) => v ?? null),
  autorizacion: z
    .string({ error: M.AUTORIZACION_INVALID })
    .trim()
    .max(30, M.AUTORIZACION_INVALID)
    .regex(/^[A-Za-z0-9-]*$/, M.AUTORIZACION_INVALID)
    .nullish()
    .transform((v) => v || null),
  /** The files the dentist says the line carries (attached later at the latest before closing). */
  adjuntos: z
    .array(z.enum(ADJUNTOS))
    .max(ADJUNTOS.length)
    .optional()
    .transform((list) => ADJUNTOS.filter((a) => list?.includes(a))),
});
export type LineaPedidaInput = z.input<typeof lineaPedidaSchema>;
export type LineaPedida = z.output<typeof lineaPedidaSchema>;

/** POST /api/prestaciones/validar (`?dryRun=true` checks the lines and writes nothing). */
export const validarInputSchema = z.object({
  documento: z.string({ error: M.DOCUMENTO_REQUIRED }).trim().min(1, M.DOCUMENTO_REQUIRED).max(40),
  /** The date of service: today, or a day within the contract's presentation window. */
  fecha: fechaSchema(M.FECHA_INVALID),
  canal: z.enum(CANALES).default('normal'),
  /** The affiliate's token from their phone, where the contract asks for it. */
  token: z
    .string()
    .max(20, MESSAGES.tokenAfiliado.TOKEN_INVALID)
    .nullish()
    .transform((v) => v?.replace(/\s/g, '') || null)
    .refine((v) => v === null || /^\d{6}$/.test(v), MESSAGES.tokenAfiliado.TOKEN_INVALID),
  lineas: z.array(lineaPedidaSchema).min(1, M.LINEAS_REQUIRED).max(30, M.LINEAS_TOO_MANY),
});
export type ValidarInput = z.input<typeof validarInputSchema>;
export type ValidarValues = z.output<typeof validarInputSchema>;

export const validarQuerySchema = z.object({
  dryRun: z.preprocess((v) => v === 'true' || v === true, z.boolean()).default(false),
});

/** A line as the engine judged it: the fee, who pays what, and each rule's result. */
export const lineaEvaluadaSchema = z.object({
  id: z.number().nullable(),
  ...lineaLugarShape,
  autorizacion: z.string().nullable(),
  estado: z.enum(ESTADOS_LINEA).nullable(),
  /** The fee in centavos; null when the contract has none for the code that day. */
  importe: z.number().nullable(),
  /** What the affiliate pays at the office. */
  coseguro: z.number(),
  /** What the insurer pays. */
  cargoOs: z.number(),
  nivel: z.enum(NIVELES),
  resultados: z.array(resultadoSchema),
  /** An emergency line's authorization must be asked for before this day. */
  regularizarAntes: z.string().nullable(),
});
export type LineaEvaluada = z.infer<typeof lineaEvaluadaSchema>;

/** 200: validated, or checked with dryRun (no code then). */
export const validacionSchema = z.object({
  codigoValidacion: z.string().nullable(),
  atencionId: z.number().nullable(),
  fecha: z.string(),
  lineas: z.array(lineaEvaluadaSchema),
  totales: z.object({ importe: z.number(), coseguro: z.number(), cargoOs: z.number() }),
  message: z.string().optional(),
});
export type Validacion = z.infer<typeof validacionSchema>;

/** 422: a line is blocked and nothing was written; the same lines and results, with the error. */
export const validacionBloqueadaSchema = validacionSchema.extend({ error: z.string(), code: z.string() });
export type ValidacionBloqueada = z.infer<typeof validacionBloqueadaSchema>;

// ---------------------------------------------------------------------------
// The history for the chair
// ---------------------------------------------------------------------------

/** GET /api/prestaciones/historia?documento= */
export const historiaQuerySchema = z.object({
  documento: z.string({ error: M.DOCUMENTO_REQUIRED }).trim().min(1, M.DOCUMENTO_REQUIRED).max(40),
});

/** One line of the network's history as the chair sees it: other dentists are never named. */
export const lineaHistoriaSchema = z.object({
  /** Only the dentist's own lines carry their id (to open or anull them). */
  id: z.number().nullable(),
  fecha: z.string(),
  ...lineaLugarShape,
  estado: z.enum(ESTADOS_LINEA),
  propia: z.boolean(),
  /** The dentist's own name, or "otro prestador de la red". */
  prestador: z.string(),
  /** Until when the tooth and faces stay under guarantee, where the plan gives one. */
  garantiaHasta: z.string().nullable(),
  /** "36 O: Obturación simple el 14/03/2026 por otro prestador de la red — en garantía hasta el 14/03/2028". */
  texto: z.string(),
});
export type LineaHistoria = z.infer<typeof lineaHistoriaSchema>;

/** An approved item of the dentist's own prior authorization for this patient, unused and in force. */
export const autorizacionVigenteSchema = z.object({
  numero: z.string(),
  ...lineaLugarShape,
  venceEl: z.string().nullable(),
});
export type AutorizacionVigente = z.infer<typeof autorizacionVigenteSchema>;

export const historiaSchema = z.object({
  afiliado: z.object({
    id: z.number(),
    nombre: z.string(),
    documento: z.string(),
    edad: z.number().nullable(),
    obraSocial: obraSocialRefSchema.nullable(),
    plan: planRefSchema.nullable(),
    numeroAfiliado: z.string().nullable(),
    fechaAlta: z.string().nullable(),
  }),
  /** Whether the patient is covered today, said in words ("De baja desde el 01/10/2026"). */
  cobertura: z.object({ vigente: z.boolean(), mensaje: z.string() }),
  /** Whether the dentist takes the affiliate's insurer: she validates only if so. */
  atiende: z.boolean(),
  /** The earliest day a visit may be recorded for (the contract's window), and today. */
  fechaMinima: z.string(),
  hoy: z.string(),
  requiereToken: z.boolean(),
  lineas: z.array(lineaHistoriaSchema),
  /** "Limpieza: la próxima cubierta desde el 12/05/2027"; waiting periods still running. */
  proximas: z.array(z.string()),
  /** Her approved authorizations for the patient: a line of the same code, tooth and faces uses one. */
  autorizaciones: z.array(autorizacionVigenteSchema).default([]),
});
export type Historia = z.infer<typeof historiaSchema>;

// ---------------------------------------------------------------------------
// The dentist's own lines
// ---------------------------------------------------------------------------

const periodoSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.PERIODO_INVALID);

/** GET /api/prestaciones: the dentist's lines of a month, filtered. */
export const misPrestacionesQuerySchema = z.object({
  periodo: periodoSchema.optional(),
  estado: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ESTADOS_LINEA).optional()),
  search: z.string().trim().max(100).optional(),
});

export const miPrestacionSchema = z.object({
  id: z.number(),
  atencionId: z.number(),
  codigoValidacion: z.string(),
  fecha: z.string(),
  afiliado: z.object({ nombre: z.string(), documento: z.string() }),
  obraSocial: z.string().nullable(),
  ...lineaLugarShape,
  estado: z.enum(ESTADOS_LINEA),
  importe: z.number(),
  coseguro: z.number(),
  cargoOs: z.number(),
  regularizarAntes: z.string().nullable(),
  /** Whether the dentist may still anull it (validated, period not closed). */
  anulable: z.boolean(),
});
export type MiPrestacion = z.infer<typeof miPrestacionSchema>;

export const misPrestacionesSchema = z.object({
  periodo: z.string(),
  lineas: z.array(miPrestacionSchema),
  totales: z.object({ lineas: z.number(), importe: z.number(), coseguro: z.number(), cargoOs: z.number() }),
});
export type MisPrestaciones = z.infer<typeof misPrestacionesSchema>;
