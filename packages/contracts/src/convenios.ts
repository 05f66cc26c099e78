import { z } from 'zod';
import { boundedString, idSchema, paginatedQuerySchema } from './common.ts';
import { fechaSchema, isCalendarDate } from './fechas.ts';
import { importRowErrorSchema } from './imports.ts';
import * as MESSAGES from './messages/index.ts';
import { centavosSchema, parseImporte } from './money.ts';
import { obraSocialRefSchema } from './obras-sociales.ts';
import { simulacionSchema } from './simulacion.ts';

const M = MESSAGES.convenios;

// ---------------------------------------------------------------------------
// The insurers' contracts: dated, with the month's closing day, the windows
// to present and to rebill, whether the affiliate's token is required, the
// value of a unit; and each code's fee under it, dated too.
// ---------------------------------------------------------------------------

const plazo = z.coerce
  .number({ error: M.PLAZO_INVALID })
  .int(M.PLAZO_INVALID)
  .min(0, M.PLAZO_INVALID)
  .max(365, M.PLAZO_INVALID);

/** POST and PUT /api/convenios. */
export const convenioInputSchema = z
  .object({
    obraSocialId: idSchema,
    nombre: boundedString(120).min(1, M.NOMBRE_REQUIRED),
    vigenteDesde: fechaSchema(M.FECHA_INVALID),
    /** null or absent: in force until another takes its place. */
    vigenteHasta: fechaSchema(M.FECHA_INVALID)
      .nullish()
      .transform((v) => v ?? null),
    /** The day of the month the period closes (a month's lines are presented after it). */
    diaCierre: z.coerce
      .number({ error: M.DIA_CIERRE_INVALID })
      .int(M.DIA_CIERRE_INVALID)
      .min(1, M.DIA_CIERRE_INVALID)
      .max(28, M.DIA_CIERRE_INVALID),
    /** Days after the date of service within which a line may still be presented. */
    plazoPresentacionDias: plazo,
    /** Days after an insurer's débito within which the line may be billed again. */
    plazoRefacturacionDias: plazo,
    /** Days an emergency treated without its prior authorization has to regularize it. */
    plazoUrgenciaDias: plazo.default(3),
    /** Days a dentist has to answer an auditor's observation of a presented line, before it is rejected. */
    plazoRespuestaDias: plazo.default(15),
    /** The insurer's promise: hours an auditor has to answer a prior authorization. */
    plazoAutorizacionHoras: z.coerce
      .number({ error: M.PLAZO_AUTORIZACION_INVALID })
      .int(M.PLAZO_AUTORIZACION_INVALID)
      .min(1, M.PLAZO_AUTORIZACION_INVALID)
      .max(2160, M.PLAZO_AUTORIZACION_INVALID)
      .default(48),
    /** Days an approved authorization lasts. */
    vigenciaAutorizacionDias: z.coerce
      .number({ error: M.VIGENCIA_AUTORIZACION_INVALID })
      .int(M.VIGENCIA_AUTORIZACION_INVALID)
      .min(1, M.VIGENCIA_AUTORIZACION_INVALID)
      .max(730, M.VIGENCIA_AUTORIZACION_INVALID)
      .default(90),
    /** Whether a line needs the affiliate's token (from the phone) to be validated. */
    requiereToken: z.boolean(),
    /** With the token required: whether a line without it is refused at the chair (else a warning). */
    tokenBloquea: z.boolean().default(false),
    /**
     * Whether the share the auditors debit of a dentist's random sample of a
     * month is debited, as a share, from her lines of that month approved unseen.
     */
    extrapolaMuestra: z.boolean().default(false),
    /** The value of one unit in centavos, for fees set in units; null: fees in pesos only. */
    valorUnidad: centavosSchema.nullable(),
  })
  .refine((v) => v.vigenteHasta === null || v.vigenteHasta >= v.vigenteDesde, {
    message: M.HASTA_BEFORE_DESDE,
    path: ['vigenteHasta'],
  })
  // Refusing a line for want of a token only means something where the token is required.
  .transform((v) => (v.requiereToken ? v : { ...v, tokenBloquea: false }));
export type ConvenioInput = z.input<typeof convenioInputSchema>;
export type ConvenioValues = z.output<typeof convenioInputSchema>;

export const convenioSchema = z.object({
  id: z.number(),
  obraSocial: obraSocialRefSchema,
  nombre: z.string(),
  vigenteDesde: z.string(),
  vigenteHasta: z.string().nullable(),
  diaCierre: z.number(),
  plazoPresentacionDias: z.number(),
  plazoRefacturacionDias: z.number(),
  plazoUrgenciaDias: z.number(),
  plazoAutorizacionHoras: z.number(),
  vigenciaAutorizacionDias: z.number(),
  plazoRespuestaDias: z.number(),
  requiereToken: z.boolean(),
  tokenBloquea: z.boolean(),
  extrapolaMuestra: z.boolean(),
  valorUnidad: z.number().nullable(),
  /** How many fees (every dated version) the contract holds. */
  aranceles: z.number(),
});
export type Convenio = z.infer<typeof convenioSchema>;

/** GET /api/convenios: every contract, or one insurer's. */
export const conveniosQuerySchema = z.object({
  obraSocialId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
});

// ---------------------------------------------------------------------------
// Fees
// ---------------------------------------------------------------------------

/** GET /api/convenios/{id}/aranceles: the fees in force on `fecha` (today when absent), by code or name. */
export const arancelesQuerySchema = paginatedQuerySchema.extend({
  fecha: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().refine(isCalendarDate, M.FECHA_INVALID).optional(),
  ),
});
export type ArancelesQuery = z.output<typeof arancelesQuerySchema>;

export const arancelSchema = z.object({
  id: z.number(),
  codigo: z.string(),
  nombre: z.string(),
  /** Set in pesos (centavos), or in units (hundredths) × the contract's unit value. */
  importe: z.number().nullable(),
  unidades: z.number().nullable(),
  /** What the code is paid on the day asked, in centavos. */
  valor: z.number(),
  vigenteDesde: z.string(),
  vigenteHasta: z.string().nullable(),
});
export type Arancel = z.infer<typeof arancelSchema>;

export const arancelesPageSchema = z.object({ rows: z.array(arancelSchema), rowCount: z.number() });
export type ArancelesPage = z.infer<typeof arancelesPageSchema>;

/**
 * A fee in units: `unidades` hundredths × `valorUnidad` centavos, rounded to
 * the centavo (half up), in integers.
 */
export const valorDeUnidades = (unidades: number, valorUnidad: number) =>
  Math.floor((unidades * valorUnidad + 50) / 100);

/** The multipart form of a fee import: `file` is the uploaded file's name. */
export const arancelesImportFormSchema = z.object({ file: z.string({ error: M.FILE_REQUIRED }) });

/**
 * What an import of fees did, or would do: new dated fees, fees of the same
 * code whose open end it closed the day before a new one starts, fees it
 * replaced (same code and start, another amount), and lines already there.
 */
export const arancelesImportResultSchema = z.object({
  dryRun: z.boolean(),
  count: z.number(),
  created: z.number(),
  closed: z.number(),
  replaced: z.number(),
  unchanged: z.number(),
  errors: z.array(importRowErrorSchema),
  errorCount: z.number(),
  /** Asked for with `simular=true` and the file has no refused line: what it would change. */
  simulacion: simulacionSchema.optional(),
});
export type ArancelesImportResult = z.infer<typeof arancelesImportResultSchema>;

/** 'Nuevo convenio' and 'Editar convenio': text as typed (dates from date inputs, the unit value as '1.234,56'). */
export const convenioFormSchema = z
  .object({
    obraSocialId: z.string().min(1, M.OBRA_SOCIAL_REQUIRED),
    nombre: z.string(),
    vigenteDesde: z.string(),
    vigenteHasta: z.string(),
    diaCierre: z.string(),
    plazoPresentacionDias: z.string(),
    plazoRefacturacionDias: z.string(),
    plazoUrgenciaDias: z.string(),
    plazoAutorizacionHoras: z.string(),
    vigenciaAutorizacionDias: z.string(),
    plazoRespuestaDias: z.string(),
    requiereToken: z.boolean(),
    tokenBloquea: z.boolean(),
    extrapolaMuestra: z.boolean(),
    valorUnidad: z
      .string()
      .refine((v) => v.trim() === '' || parseImporte(v) !== undefined, M.VALOR_UNIDAD_INVALID),
  })
  .transform(
    (v): ConvenioInput => ({
      ...v,
      obraSocialId: Number(v.obraSocialId),
      vigenteHasta: v.vigenteHasta.trim() || null,
      diaCierre: Number(v.diaCierre || Number.NaN),
      plazoPresentacionDias: Number(v.plazoPresentacionDias || Number.NaN),
      plazoRefacturacionDias: Number(v.plazoRefacturacionDias || Number.NaN),
      plazoUrgenciaDias: Number(v.plazoUrgenciaDias || Number.NaN),
      plazoAutorizacionHoras: Number(v.plazoAutorizacionHoras || Number.NaN),
      vigenciaAutorizacionDias: Number(v.vigenciaAutorizacionDias || Number.NaN),
      plazoRespuestaDias: Number(v.plazoRespuestaDias || Number.NaN),
      valorUnidad: v.valorUnidad.trim() === '' ? null : (parseImporte(v.valorUnidad) ?? null),
    }),
  )
  .pipe(convenioInputSchema);
export type ConvenioForm = z.input<typeof convenioFormSchema>;
