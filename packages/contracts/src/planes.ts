import { z } from 'zod';
import { boundedString, idSchema } from './common.ts';
import { fechaSchema, isCalendarDate } from './fechas.ts';
import { importRowErrorSchema } from './imports.ts';
import * as MESSAGES from './messages/index.ts';
import { centavosSchema } from './money.ts';
import { CODIGO_PATTERN } from './nomenclador.ts';
import { obraSocialRefSchema } from './obras-sociales.ts';
import { simulacionSchema } from './simulacion.ts';

const M = MESSAGES.planes;

// ---------------------------------------------------------------------------
// An insurer's plans, and on each plan its rules: dated, each on a code, a
// group of codes or a chapter, saying what the plan covers and within which
// limits. The engine that applies them at the chair reads exactly these.
// ---------------------------------------------------------------------------

/** A plan's code as insurers print it on the card: '210', 'PMO-PLUS', 'A.1'. */
export const PLAN_CODIGO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.\-_/]{0,19}$/;

/** POST /api/planes; PUT /api/planes/{id} (the insurer cannot change). */
export const planInputSchema = z.object({
  obraSocialId: idSchema,
  codigo: boundedString(20).min(1, M.CODIGO_REQUIRED).regex(PLAN_CODIGO_PATTERN, M.CODIGO_INVALID),
  nombre: boundedString(120).min(1, M.NOMBRE_REQUIRED),
});
export type PlanInput = z.input<typeof planInputSchema>;
export type PlanValues = z.output<typeof planInputSchema>;

/** What an affiliate's record says of its plan. */
export const planRefSchema = z.object({ id: z.number(), codigo: z.string(), nombre: z.string() });
export type PlanRef = z.infer<typeof planRefSchema>;

export const planSchema = planRefSchema.extend({
  obraSocial: obraSocialRefSchema,
  /** Rules of the plan, every dated version. */
  reglas: z.number(),
  afiliados: z.number(),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /api/planes: every plan, or one insurer's. */
export const planesQuerySchema = z.object({
  obraSocialId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
});

/** 'Nuevo plan' and 'Editar plan', as typed. */
export const planFormSchema = z
  .object({ obraSocialId: z.string().min(1, M.OBRA_SOCIAL_REQUIRED), codigo: z.string(), nombre: z.string() })
  .transform((v): PlanInput => ({ ...v, obraSocialId: Number(v.obraSocialId) }))
  .pipe(planInputSchema);
export type PlanForm = z.input<typeof planFormSchema>;

// ---------------------------------------------------------------------------
// What a rule applies to
// ---------------------------------------------------------------------------

/**
 * A rule's target as the CSV and the editor write it: a code ('02.01'), a
 * group ('grupo:Obturaciones') or a chapter ('capitulo:05'). A code's rule
 * rules over its group's, a group's over its chapter's.
 */
export type Objetivo =
  | { tipo: 'codigo'; codigo: string }
  | { tipo: 'grupo'; grupo: string }
  | { tipo: 'capitulo'; capitulo: string };

export function parseObjetivo(raw: string): Objetivo | undefined {
  const value = raw.trim();
  if (CODIGO_PATTERN.test(value)) return { tipo: 'codigo', codigo: value };
  const grupo = /^grupo\s*:\s*(.+)$/i.exec(value);
  if (grupo) return { tipo: 'grupo', grupo: grupo[1]!.trim() };
  const capitulo = /^cap[ií]tulo\s*:\s*(\d{1,2})$/i.exec(value);
  if (capitulo) return { tipo: 'capitulo', capitulo: capitulo[1]!.padStart(2, '0') };
  return undefined;
}

export const formatObjetivo = (o: Objetivo) =>
  o.tipo === 'codigo' ? o.codigo : o.tipo === 'grupo' ? `grupo:${o.grupo}` : `capitulo:${o.capitulo}`;

/** The files a rule may ask a line to carry. */
export const ADJUNTOS = ['rx_pre', 'rx_post', 'foto', 'presupuesto'] as const;
export type Adjunto = (typeof ADJUNTOS)[number];
export const ADJUNTO_LABELS: Record<Adjunto, string> = {
  rx_pre: 'Rx preoperatoria',
  rx_post: 'Rx postoperatoria',
  foto: 'foto',
  presupuesto: 'presupuesto',
};

/** What a file is, as a list or a button names it: 'Rx preoperatoria', 'Foto', 'Presupuesto'. */
export const tipoDeAdjunto = (a: Adjunto) => ADJUNTO_LABELS[a][0]!.toUpperCase() + ADJUNTO_LABELS[a].slice(1);

/** The file with its article, as a sentence says it: 'la Rx preoperatoria', 'la foto', 'el presupuesto'. */
export const adjuntoConArticulo = (a: Adjunto) => `${a === 'presupuesto' ? 'el' : 'la'} ${ADJUNTO_LABELS[a]}`;

/** What a frequency counts over: the affiliate, a tooth, a tooth's face, a sector. */
export const AMBITOS = ['afiliado', 'pieza', 'pieza+cara', 'sector'] as const;
export type Ambito = (typeof AMBITOS)[number];
export const AMBITO_LABELS: Record<Ambito, string> = {
  afiliado: 'por afiliado',
  pieza: 'por pieza',
  'pieza+cara': 'por pieza y cara',
  sector: 'por sector',
};

const count = (max: number, message: string, min = 0) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** POST /api/planes/{id}/reglas and PUT /api/planes/{id}/reglas/{reglaId}. */
export const reglaInputSchema = z
  .object({
    objetivo: z
      .string({ error: M.OBJETIVO_REQUIRED })
      .trim()
      .min(1, M.OBJETIVO_REQUIRED)
      .max(120, M.OBJETIVO_REQUIRED)
      .refine((v) => parseObjetivo(v) !== undefined, {
        error: (issue) => M.OBJETIVO_INVALID(String(issue.input)),
      }),
    cubre: z.boolean(),
    /** Share of the fee the insurer pays, 1–100; null when the rule does not cover. */
    coberturaPct: count(100, M.COBERTURA_INVALID, 1).nullable(),
    /** What the affiliate pays at the office: centavos, or a share of the fee; both null: none. */
    coseguroImporte: centavosSchema.nullable(),
    coseguroPct: count(100, M.COSEGURO_PCT_INVALID, 1).nullable(),
    requiereAutorizacion: z.boolean(),
    adjuntos: z
      .array(z.enum(ADJUNTOS, { error: (issue) => M.ADJUNTO_INVALID(String(issue.input)) }))
      .max(ADJUNTOS.length)
      .transform((list) => ADJUNTOS.filter((a) => list.includes(a))),
    /** How many lines are covered in the period; null: no limit. */
    frecuencia: count(99, M.FRECUENCIA_INVALID, 1).nullable(),
    /** The period in days, or the calendar year; neither: in the affiliate's whole life ('una vez'). */
    periodoDias: count(3650, M.PERIODO_INVALID, 1).nullable(),
    anioCalendario: z.boolean(),
    ambito: z.enum(AMBITOS, { error: M.AMBITO_INVALID }).nullable(),
    /** The frequency counts only the same dentist's lines. */
    mismoPrestador: z.boolean(),
    edadMin: count(120, M.EDAD_INVALID).nullable(),
    edadMax: count(120, M.EDAD_INVALID).nullable(),
    /** Days after the affiliate's fecha de alta before the code is covered. */
    carenciaDias: count(3650, M.DIAS_INVALID).nullable(),
    /** Lines of the target per affiliate in one calendar month. */
    topeMensual: count(99, M.TOPE_INVALID, 1).nullable(),
    /** Months a tooth and face treated stay under the dentist's guarantee. */
    garantiaMeses: count(240, M.GARANTIA_INVALID, 1).nullable(),
    vigenteDesde: fechaSchema(M.FECHA_INVALID),
    vigenteHasta: fechaSchema(M.FECHA_INVALID)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.vigenteHasta !== null && v.vigenteHasta < v.vigenteDesde)
      issue('vigenteHasta', M.HASTA_BEFORE_DESDE);
    if (!v.cubre) {
      const terms =
        v.coberturaPct !== null ||
        v.coseguroImporte !== null ||
        v.coseguroPct !== null ||
        v.requiereAutorizacion ||
        v.adjuntos.length > 0 ||
        v.frecuencia !== null ||
        v.periodoDias !== null ||
        v.anioCalendario ||
        v.ambito !== null ||
        v.mismoPrestador ||
        v.edadMin !== null ||
        v.edadMax !== null ||
        v.carenciaDias !== null ||
        v.topeMensual !== null ||
        v.garantiaMeses !== null;
      if (terms) issue('cubre', M.NOT_COVERED_WITH_TERMS);
      return;
    }
    if (v.coberturaPct === null) issue('coberturaPct', M.COBERTURA_INVALID);
    if (v.coseguroImporte !== null && v.coseguroPct !== null) issue('coseguroImporte', M.COSEGURO_BOTH);
    if (v.periodoDias !== null && v.anioCalendario) issue('periodoDias', M.PERIODO_BOTH);
    if (v.frecuencia === null && (v.periodoDias !== null || v.anioCalendario || v.mismoPrestador))
      issue('frecuencia', M.PERIODO_WITHOUT_FRECUENCIA);
    if (v.frecuencia !== null && v.ambito === null) issue('ambito', M.AMBITO_INVALID);
    if (v.edadMin !== null && v.edadMax !== null && v.edadMin > v.edadMax) issue('edadMax', M.EDAD_RANGE);
  })
  .transform((v) => ({ ...v, ambito: v.frecuencia === null ? null : v.ambito }));
export type ReglaInput = z.input<typeof reglaInputSchema>;
export type ReglaValues = z.output<typeof reglaInputSchema>;

export const reglaSchema = z.object({
  id: z.number(),
  planId: z.number(),
  objetivo: z.string(),
  /** The target in words: 'Limpieza (05.01)', 'el grupo Obturaciones', 'el capítulo 05 (Odontología preventiva)'. */
  objetivoNombre: z.string(),
  cubre: z.boolean(),
  coberturaPct: z.number().nullable(),
  coseguroImporte: z.number().nullable(),
  coseguroPct: z.number().nullable(),
  requiereAutorizacion: z.boolean(),
  adjuntos: z.array(z.enum(ADJUNTOS)),
  frecuencia: z.number().nullable(),
  periodoDias: z.number().nullable(),
  anioCalendario: z.boolean(),
  ambito: z.enum(AMBITOS).nullable(),
  mismoPrestador: z.boolean(),
  edadMin: z.number().nullable(),
  edadMax: z.number().nullable(),
  carenciaDias: z.number().nullable(),
  topeMensual: z.number().nullable(),
  garantiaMeses: z.number().nullable(),
  vigenteDesde: z.string(),
  vigenteHasta: z.string().nullable(),
  /** The rule in plain Spanish, as describeRegla writes it. */
  texto: z.string(),
});
export type Regla = z.infer<typeof reglaSchema>;

/** GET /api/planes/{id}/reglas: the rules in force on `fecha`, or every version without it. */
export const reglasQuerySchema = z.object({
  fecha: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().refine(isCalendarDate, M.FECHA_INVALID).optional(),
  ),
});

export const reglaParamsSchema = z.object({ id: idSchema, reglaId: idSchema });

/** The multipart form of a rules import: `file` is the uploaded file's name. */
export const reglasImportFormSchema = z.object({ file: z.string({ error: M.FILE_REQUIRED }) });

/**
 * What an import of rules did, or would do: new versions, open versions of
 * the same target it ends the day before a new one starts, versions it
 * replaces (same target and start), and lines already there as they are.
 */
export const reglasImportResultSchema = z.object({
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
export type ReglasImportResult = z.infer<typeof reglasImportResultSchema>;

/** The columns of a plan's rules as a CSV, in order: the import reads them and the export writes them. */
export const REGLAS_CSV_COLUMNS = [
  'objetivo',
  'cubre',
  'cobertura_pct',
  'coseguro',
  'requiere_autorizacion',
  'adjuntos',
  'frecuencia',
  'periodo_dias',
  'ambito',
  'mismo_prestador',
  'edad_min',
  'edad_max',
  'carencia_dias',
  'tope_mensual',
  'garantia_meses',
  'vigente_desde',
  'vigente_hasta',
] as const;
export type ReglasCsvColumn = (typeof REGLAS_CSV_COLUMNS)[number];
