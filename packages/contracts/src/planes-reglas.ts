import { z } from 'zod';
import { formatFecha } from './fechas.ts';
import * as MESSAGES from './messages/index.ts';
import { formatImporte, parseImporte } from './money.ts';
import { capituloNombre } from './nomenclador.ts';
import {
  ADJUNTO_LABELS,
  type Adjunto,
  AMBITO_LABELS,
  type Ambito,
  formatObjetivo,
  type Objetivo,
  type ReglaInput,
  type ReglaValues,
  reglaInputSchema,
} from './planes.ts';

const M = MESSAGES.planes;

// ---------------------------------------------------------------------------
// A plan's rule in plain Spanish, and the rule editor's form: what staff read
// back after writing a rule, and what they type to write one.
// ---------------------------------------------------------------------------

/** 'a, b y c'. */
const enumerate = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;

/** A target in words: 'Limpieza (05.01)', 'Grupo Obturaciones', 'Capítulo 05 (Odontología preventiva)'. */
export function objetivoNombre(objetivo: Objetivo, codigoNombre?: string): string {
  if (objetivo.tipo === 'codigo')
    return codigoNombre ? `${codigoNombre} (${objetivo.codigo})` : `Código ${objetivo.codigo}`;
  if (objetivo.tipo === 'grupo') return `Grupo ${objetivo.grupo}`;
  return `Capítulo ${objetivo.capitulo} (${capituloNombre(objetivo.capitulo)})`;
}

/** 'una cada 180 días por afiliado', '2 por año calendario por pieza', 'una en total por afiliado con el mismo prestador'. */
export function frecuenciaText(
  r: Pick<ReglaValues, 'frecuencia' | 'periodoDias' | 'anioCalendario' | 'ambito' | 'mismoPrestador'>,
): string | undefined {
  if (r.frecuencia === null) return undefined;
  const n = r.frecuencia === 1 ? 'una' : String(r.frecuencia);
  const period =
    r.periodoDias !== null
      ? `cada ${r.periodoDias} ${r.periodoDias === 1 ? 'día' : 'días'}`
      : r.anioCalendario
        ? 'por año calendario'
        : 'en total';
  const ambito = AMBITO_LABELS[(r.ambito ?? 'afiliado') as Ambito];
  return `${n} ${period} ${ambito}${r.mismoPrestador ? ' con el mismo prestador' : ''}`;
}

/** '1 día', '60 días'. */
const cuantos = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;

function edadText(r: ReglaValues): string | undefined {
  if (r.edadMin !== null && r.edadMax !== null)
    return `de ${r.edadMin} a ${cuantos(r.edadMax, 'año', 'años')}`;
  if (r.edadMin !== null) return `desde ${r.edadMin === 1 ? 'el año' : `los ${r.edadMin} años`}`;
  if (r.edadMax !== null) return `hasta ${r.edadMax === 1 ? 'el año' : `los ${r.edadMax} años`}`;
  return undefined;
}

/**
 * The rule as staff would say it: "Limpieza (05.01): una cada 180 días por
 * afiliado, 100 %, sin coseguro". The limits come first, then what the plan
 * pays and the affiliate pays, then what a line needs.
 */
export function describeRegla(r: ReglaValues, nombre: string): string {
  if (!r.cubre) return `${nombre}: no cubierto`;
  const adjuntos = r.adjuntos.map((a) => ADJUNTO_LABELS[a as Adjunto]);
  const parts = [
    frecuenciaText(r),
    `${r.coberturaPct ?? 100} %`,
    r.coseguroImporte !== null
      ? `coseguro ${formatImporte(r.coseguroImporte)}`
      : r.coseguroPct !== null
        ? `coseguro ${r.coseguroPct} %`
        : 'sin coseguro',
    r.topeMensual !== null ? `hasta ${r.topeMensual} por mes` : undefined,
    edadText(r),
    r.carenciaDias !== null ? `carencia de ${cuantos(r.carenciaDias, 'día', 'días')}` : undefined,
    r.requiereAutorizacion ? 'requiere autorización previa' : undefined,
    adjuntos.length > 0 ? `con ${enumerate(adjuntos)}` : undefined,
    r.garantiaMeses !== null
      ? `garantía de ${cuantos(r.garantiaMeses, 'mes', 'meses')} por pieza y cara`
      : undefined,
  ];
  return `${nombre}: ${parts.filter(Boolean).join(', ')}`;
}

/** 'Desde el 01/01/2026', 'Del 01/01/2026 al 31/12/2026'. */
export const vigenciaText = (r: { vigenteDesde: string; vigenteHasta: string | null }) =>
  r.vigenteHasta
    ? `Del ${formatFecha(r.vigenteDesde)} al ${formatFecha(r.vigenteHasta)}`
    : `Desde el ${formatFecha(r.vigenteDesde)}`;

// ---------------------------------------------------------------------------
// The rule editor
// ---------------------------------------------------------------------------

export const OBJETIVO_TIPOS = ['codigo', 'grupo', 'capitulo'] as const;
export const PERIODOS = ['dias', 'anio', 'total'] as const;
export const COSEGURO_TIPOS = ['ninguno', 'importe', 'pct'] as const;

/** '' → null; anything else a number (NaN when it is none, which the rule's schema refuses in words). */
const numberOrNull = (raw: string) => (raw.trim() === '' ? null : Number(raw.trim().replace(',', '.')));

/** The rule editor's fields as typed: the target by kind, numbers as text, the copay by kind. */
export const reglaFormSchema = z
  .object({
    objetivoTipo: z.enum(OBJETIVO_TIPOS),
    codigo: z.string(),
    grupo: z.string(),
    capitulo: z.string(),
    cubre: z.boolean(),
    coberturaPct: z.string(),
    coseguroTipo: z.enum(COSEGURO_TIPOS),
    coseguro: z.string(),
    requiereAutorizacion: z.boolean(),
    adjuntos: z.array(z.string()),
    frecuencia: z.string(),
    periodo: z.enum(PERIODOS),
    periodoDias: z.string(),
    ambito: z.string(),
    mismoPrestador: z.boolean(),
    edadMin: z.string(),
    edadMax: z.string(),
    carenciaDias: z.string(),
    topeMensual: z.string(),
    garantiaMeses: z.string(),
    vigenteDesde: z.string(),
    vigenteHasta: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.cubre) return;
    if (v.coseguroTipo === 'importe' && parseImporte(v.coseguro) === undefined)
      ctx.addIssue({ code: 'custom', path: ['coseguro'], message: M.COSEGURO_INVALID });
    // 'Cada tantos días' with no days would save a limit for the affiliate's whole life.
    if (v.frecuencia.trim() !== '' && v.periodo === 'dias' && v.periodoDias.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['periodoDias'], message: M.PERIODO_INVALID });
  })
  .transform((v): ReglaInput => {
    const objetivo: Objetivo =
      v.objetivoTipo === 'codigo'
        ? { tipo: 'codigo', codigo: v.codigo.trim() }
        : v.objetivoTipo === 'grupo'
          ? { tipo: 'grupo', grupo: v.grupo.trim() }
          : { tipo: 'capitulo', capitulo: v.capitulo };
    const empty =
      v.objetivoTipo === 'codigo' ? !v.codigo.trim() : !(v.objetivoTipo === 'grupo' ? v.grupo : v.capitulo);
    const base = {
      objetivo: empty ? '' : formatObjetivo(objetivo),
      vigenteDesde: v.vigenteDesde,
      vigenteHasta: v.vigenteHasta.trim() || null,
    };
    const limits = v.frecuencia.trim() !== '';
    return v.cubre
      ? {
          ...base,
          cubre: true,
          coberturaPct: numberOrNull(v.coberturaPct),
          coseguroImporte: v.coseguroTipo === 'importe' ? (parseImporte(v.coseguro) ?? null) : null,
          coseguroPct: v.coseguroTipo === 'pct' ? numberOrNull(v.coseguro.replace('%', '')) : null,
          requiereAutorizacion: v.requiereAutorizacion,
          adjuntos: v.adjuntos as Adjunto[],
          frecuencia: numberOrNull(v.frecuencia),
          periodoDias: limits && v.periodo === 'dias' ? numberOrNull(v.periodoDias) : null,
          anioCalendario: limits && v.periodo === 'anio',
          ambito: limits ? ((v.ambito || 'afiliado') as Ambito) : null,
          mismoPrestador: limits && v.mismoPrestador,
          edadMin: numberOrNull(v.edadMin),
          edadMax: numberOrNull(v.edadMax),
          carenciaDias: numberOrNull(v.carenciaDias),
          topeMensual: numberOrNull(v.topeMensual),
          garantiaMeses: numberOrNull(v.garantiaMeses),
        }
      : {
          ...base,
          cubre: false,
          coberturaPct: null,
          coseguroImporte: null,
          coseguroPct: null,
          requiereAutorizacion: false,
          adjuntos: [],
          frecuencia: null,
          periodoDias: null,
          anioCalendario: false,
          ambito: null,
          mismoPrestador: false,
          edadMin: null,
          edadMax: null,
          carenciaDias: null,
          topeMensual: null,
          garantiaMeses: null,
        };
  })
  .pipe(reglaInputSchema);
export type ReglaForm = z.input<typeof reglaFormSchema>;
