import { z } from 'zod';
import { optionalIdQueryParam } from './common.ts';
import { EXPORT_SEPARADORES } from './exports.ts';
import { fechaSchema } from './fechas.ts';
import { importRowErrorSchema } from './imports.ts';
import * as MESSAGES from './messages/index.ts';
import { centavosSchema, parseImporte } from './money.ts';
import { codigoDebitoSchema } from './odontologia.ts';
import { ESTADOS_LINEA, ZONAS_BOCA } from './prestaciones.ts';

const M = MESSAGES.cierre;

// ---------------------------------------------------------------------------
// Closing the month: every validated line presented and judged again as of
// its date of service, a sample to the auditors, each dentist's settlement
// (liquidación) and each insurer's lot (facturación).
// ---------------------------------------------------------------------------

/** A month as the network closes it: 2026-11. */
export const PERIODO_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const periodoSchema = z.string().trim().regex(PERIODO_PATTERN, M.PERIODO_INVALID);
export const periodoParamSchema = z.object({ periodo: periodoSchema });

/** The month after `periodo`. */
export function periodoSiguiente(periodo: string): string {
  const [y, m] = periodo.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The last day of `periodo`, as an ISO date. */
export function finDePeriodo(periodo: string): string {
  const [y, m] = periodo.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** 'noviembre de 2026'. */
export function periodoText(periodo: string): string {
  const [y, m] = periodo.split('-').map(Number) as [number, number];
  const mes = new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('es-AR', { month: 'long', timeZone: 'UTC' });
  return `${mes} de ${y}`;
}

/**
 * How the closing picks the lines an auditor reads before they are paid,
 * besides every line the rules could not clear: a share drawn from a seed
 * (the same seed draws the same lines), every line from an amount, and every
 * line of a dentist whose month stands out from the network's.
 */
export const muestraSchema = z.object({
  /** Per cent of the rule-clean lines, drawn at random from the seed. */
  porcentaje: z
    .number({ error: M.MUESTRA_PCT_INVALID })
    .min(0, M.MUESTRA_PCT_INVALID)
    .max(100, M.MUESTRA_PCT_INVALID),
  /** Every line whose insurer's share reaches this many centavos; null for none. */
  desde: centavosSchema.nullable(),
  /**
   * Every line of a dentist whose insurer's share per affiliate treated is this many times the
   * network's median or more; null for none.
   */
  desvio: z.number({ error: M.DESVIO_INVALID }).min(1, M.DESVIO_INVALID).max(20, M.DESVIO_INVALID).nullable(),
});
export type Muestra = z.infer<typeof muestraSchema>;

export const MUESTRA_PREDETERMINADA: Muestra = { porcentaje: 5, desde: null, desvio: 2 };

/** POST /api/periodos/{periodo}/cierre: the sample's terms and its seed (drawn from the month when left out). */
export const cierreInputSchema = z
  .object({
    muestra: muestraSchema.default(MUESTRA_PREDETERMINADA),
    semilla: z
      .number({ error: M.SEMILLA_INVALID })
      .int(M.SEMILLA_INVALID)
      .min(1, M.SEMILLA_INVALID)
      .max(2_147_483_647, M.SEMILLA_INVALID)
      .nullish()
      .transform((v) => v ?? null),
  })
  .default({ muestra: MUESTRA_PREDETERMINADA, semilla: null });
export type CierreInput = z.input<typeof cierreInputSchema>;

/** A decimal as typed ('2', '2,5', '2.5'), or undefined. */
const decimal = (v: string) => {
  const t = v.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : undefined;
};
const enRango = (v: string, min: number, max: number) => {
  const n = decimal(v);
  return n !== undefined && n >= min && n <= max;
};

/** The closing's dialog: each term as typed ('5', '150.000,00', '2', ''), empty for none. */
export const cierreFormSchema = z
  .object({
    porcentaje: z.string().refine((v) => enRango(v, 0, 100), M.MUESTRA_PCT_INVALID),
    desde: z
      .string()
      .refine((v) => v.trim() === '' || parseImporte(v) !== undefined, M.MUESTRA_DESDE_INVALID),
    desvio: z.string().refine((v) => v.trim() === '' || enRango(v, 1, 20), M.DESVIO_INVALID),
    semilla: z
      .string()
      .refine(
        (v) => v.trim() === '' || (/^\d+$/.test(v.trim()) && enRango(v, 1, 2_147_483_647)),
        M.SEMILLA_INVALID,
      ),
  })
  .transform(
    (v): z.output<typeof cierreInputSchema> => ({
      muestra: {
        porcentaje: decimal(v.porcentaje)!,
        desde: v.desde.trim() === '' ? null : parseImporte(v.desde)!,
        desvio: v.desvio.trim() === '' ? null : decimal(v.desvio)!,
      },
      semilla: v.semilla.trim() === '' ? null : Number(v.semilla.trim()),
    }),
  );
export type CierreForm = z.input<typeof cierreFormSchema>;

/** Why a line went to the auditors instead of being paid by the rules. */
export const MOTIVOS_MUESTRA = ['azar', 'monto', 'desvio', 'aviso', 'alarma'] as const;
export type MotivoMuestra = (typeof MOTIVOS_MUESTRA)[number];
export const MOTIVO_MUESTRA_LABELS: Record<MotivoMuestra, string> = {
  azar: 'Muestra al azar',
  monto: 'Importe alto',
  desvio: 'Prestador con desvío',
  aviso: 'Aviso de las reglas',
  alarma: 'Alarma del cierre',
};

const lineaRefShape = {
  lineaId: z.number(),
  codigoValidacion: z.string(),
  fecha: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  pieza: z.number().nullable(),
  caras: z.string().nullable(),
  sector: z.enum(ZONAS_BOCA).nullable(),
};

/** Something the closing's rules found that the chair did not say: the line waits for an auditor. */
export const alarmaSchema = z.object({
  ...lineaRefShape,
  profesional: z.object({ id: z.number(), nombre: z.string() }),
  debito: codigoDebitoSchema,
  mensaje: z.string(),
});
export type Alarma = z.infer<typeof alarmaSchema>;

const importesShape = {
  /** Σ of the fees presented. */
  presentado: z.number(),
  /** Σ of the copays the dentists collected at the office. */
  coseguros: z.number(),
  /** Σ of what the network pays the dentists for these lines. */
  aprobado: z.number(),
  /** Σ of the network's débitos. */
  debitado: z.number(),
};

/** A month: open (lines waiting) or closed, with what its closing found and made. */
export const periodoResumenSchema = z.object({
  periodo: z.string(),
  estado: z.enum(['abierto', 'cerrado']),
  /** The first day the month may be closed. */
  cierraDesde: z.string(),
  cerradoEl: z.string().nullable(),
  cerradoPor: z.string().nullable(),
  semilla: z.number().nullable(),
  muestra: muestraSchema.nullable(),
  lineas: z.object({
    presentadas: z.number(),
    aprobadas: z.number(),
    rechazadas: z.number(),
    enAuditoria: z.number(),
  }),
  importes: z.object(importesShape),
  alarmas: z.number(),
  liquidaciones: z.number(),
  lotes: z.number(),
});
export type PeriodoResumen = z.infer<typeof periodoResumenSchema>;

export const periodoDetalleSchema = periodoResumenSchema.extend({ listaAlarmas: z.array(alarmaSchema) });
export type PeriodoDetalle = z.infer<typeof periodoDetalleSchema>;

/** A line of a settlement: what the dentist is paid for it, and why less where less. */
export const TIPOS_ITEM = ['prestacion', 'reintegro', 'debito_os', 'extrapolacion'] as const;
export type TipoItem = (typeof TIPOS_ITEM)[number];

export const liquidacionItemSchema = z.object({
  id: z.number(),
  ...lineaRefShape,
  afiliado: z.string(),
  tipo: z.enum(TIPOS_ITEM),
  importe: z.number(),
  coseguro: z.number(),
  debito: z.number(),
  motivo: codigoDebitoSchema.nullable(),
  /** The reason in words (the rules' or the auditor's), never a bare code. */
  motivoText: z.string().nullable(),
  nota: z.string().nullable(),
  neto: z.number(),
  /** The line's state now. */
  estado: z.enum(ESTADOS_LINEA),
  /** Its dentist asked for a reconsideration already: a line is reconsidered once. */
  reconsiderada: z.boolean(),
});
export type LiquidacionItem = z.infer<typeof liquidacionItemSchema>;

export const liquidacionFilaSchema = z.object({
  id: z.number(),
  periodo: z.string(),
  profesional: z.object({ id: z.number(), nombre: z.string() }),
  lineas: z.number(),
  bruto: z.number(),
  coseguros: z.number(),
  debitos: z.number(),
  neto: z.number(),
  emitidaEl: z.string(),
  pagadaEl: z.string().nullable(),
  /** Days from the closing to the payment, or to today while unpaid. */
  diasAPagar: z.number(),
});
export type LiquidacionFila = z.infer<typeof liquidacionFilaSchema>;

export const liquidacionSchema = liquidacionFilaSchema.extend({
  items: z.array(liquidacionItemSchema),
  /**
   * The statement as published to the dentist through the notifications: a
   * link signed for the reader, and when she opened it (null: not yet). Null
   * until it is published, moments after the closing.
   */
  estadoDeCuenta: z
    .object({
      notificacionId: z.number(),
      url: z.string(),
      publicadoAt: z.string(),
      leidoAt: z.string().nullable(),
    })
    .nullable(),
  /** Its statement is still to be published (moments after the closing); false once it is, or for months closed before statements were. */
  estadoDeCuentaPendiente: z.boolean(),
});
export type Liquidacion = z.infer<typeof liquidacionSchema>;

export const liquidacionesQuerySchema = z.object({
  periodo: z.preprocess((v) => (v === '' ? undefined : v), periodoSchema.optional()),
  profesional: optionalIdQueryParam,
});

export const loteSchema = z.object({
  id: z.number(),
  periodo: z.string(),
  obraSocial: z.object({ id: z.number(), nombre: z.string() }),
  convenio: z.object({ id: z.number(), nombre: z.string() }),
  numeroFactura: z.string(),
  lineas: z.number(),
  total: z.number(),
  /** The last day to present it to the insurer: the contract's closing day of the next month. */
  presentarAntes: z.string(),
  pagadoEl: z.string().nullable(),
  diasAPagar: z.number(),
});
export type Lote = z.infer<typeof loteSchema>;

/** GET /api/lotes/{id}/export: the detail as CSV or XLSX, or a FHIR R4 Bundle of Claim resources. */
export const LOTE_FORMATOS = ['csv', 'xlsx', 'fhir'] as const;
export const loteExportQuerySchema = z.object({
  formato: z.enum(LOTE_FORMATOS, { error: M.LOTE_FORMATO_INVALID }).default('csv'),
  separador: z.enum(EXPORT_SEPARADORES, { error: MESSAGES.EXPORT_SEPARATOR_INVALID }).default(','),
});
export type LoteExportQuery = z.infer<typeof loteExportQuerySchema>;

export const lotesQuerySchema = z.object({
  periodo: z.preprocess((v) => (v === '' ? undefined : v), periodoSchema.optional()),
});

/** PUT …/pago: the day the money was paid. */
export const pagoInputSchema = z.object({ pagadoEl: fechaSchema(M.PAGO_FECHA_INVALID) });

// ---------------------------------------------------------------------------
// The insurer's débitos on a lot: imported from its file, each passed on to a
// dentist or absorbed by the network, and a line billed again within the window.
// ---------------------------------------------------------------------------

export const DECISIONES_DEBITO = ['trasladado', 'absorbido'] as const;
export type DecisionDebito = (typeof DECISIONES_DEBITO)[number];
export const DECISION_DEBITO_LABELS: Record<DecisionDebito, string> = {
  trasladado: 'Trasladado al prestador',
  absorbido: 'Absorbido por la red',
};

export const debitoOsSchema = z.object({
  id: z.number(),
  lote: z.object({ id: z.number(), numeroFactura: z.string() }),
  ...lineaRefShape,
  profesional: z.object({ id: z.number(), nombre: z.string() }),
  importe: z.number(),
  motivo: z.string(),
  /** The débito code the insurer's reason starts with, when it gives one. */
  codigoDebito: codigoDebitoSchema.nullable(),
  decision: z.enum(DECISIONES_DEBITO).nullable(),
  /** Who bears it when passed on: the line's dentist, or the one whose work was under guarantee. */
  cargoA: z.object({ id: z.number(), nombre: z.string() }).nullable(),
  porRegla: z.boolean(),
  /** Settled already: the decision no longer changes. */
  liquidado: z.boolean(),
  /** The last day the line may be billed again; null when it may not. */
  refacturarHasta: z.string().nullable(),
  refacturada: z.boolean(),
});
export type DebitoOs = z.infer<typeof debitoOsSchema>;

export const debitoDecisionSchema = z.object({
  decision: z.enum(DECISIONES_DEBITO, { error: M.DEBITO_DECISION_INVALID }),
});

export const debitosImportResultSchema = z.object({
  dryRun: z.boolean(),
  count: z.number(),
  importe: z.number(),
  trasladados: z.number(),
  absorbidos: z.number(),
  sinDecidir: z.number(),
  errors: z.array(importRowErrorSchema),
  errorCount: z.number(),
});
export type DebitosImportResult = z.infer<typeof debitosImportResultSchema>;

export const debitosImportFormSchema = z.object({ file: z.string({ error: M.DEBITOS_FILE_REQUIRED }) });
