import {
  ADJUNTOS,
  type Adjunto,
  AMBITOS,
  type Ambito,
  formatFecha,
  formatImporte,
  formatObjetivo,
  MESSAGES,
  type Objetivo,
  parseFecha,
  parseImporte,
  parseObjetivo,
  REGLAS_CSV_COLUMNS,
  type Regla,
  type ReglasCsvColumn,
  type ReglaValues,
  reglaInputSchema,
} from '@red-dental/contracts';
import { headerKey } from '../../lib/csv-records.ts';

const M = MESSAGES.planes;

/*
 * A plan's rules as a CSV (objetivo;cubre;cobertura_pct;…;vigente_desde;
 * vigente_hasta), read line by line and written back the same way, so an
 * exported file imports unchanged. Plain functions, no I/O.
 */

const EXTRA_ALIASES: Partial<Record<ReglasCsvColumn, readonly string[]>> = {
  objetivo: ['aplicaa', 'regla'],
  cobertura_pct: ['cobertura', 'porcentaje'],
  requiere_autorizacion: ['autorizacion', 'requiereautorizacionprevia'],
  periodo_dias: ['periodo'],
  edad_min: ['edadminima'],
  edad_max: ['edadmaxima'],
  carencia_dias: ['carencia'],
  tope_mensual: ['tope'],
  garantia_meses: ['garantia'],
  vigente_desde: ['desde', 'vigencia'],
  vigente_hasta: ['hasta'],
};

/** The header names each column goes by, folded with headerKey. */
export const REGLA_ALIASES = Object.fromEntries(
  REGLAS_CSV_COLUMNS.map((c) => [c, [headerKey(c), ...(EXTRA_ALIASES[c] ?? [])]]),
) as unknown as Record<ReglasCsvColumn, readonly string[]>;

export const REQUIRED_REGLA_COLUMNS: readonly ReglasCsvColumn[] = ['objetivo', 'vigente_desde'];

/** A valid line: the rule, with its target still to be found in the code table. */
export interface ReglaLine {
  line: number;
  objetivo: Objetivo;
  values: ReglaValues;
}

const YES = new Set(['si', 'sí', 's', 'x', 'true', '1', 'verdadero']);
const NO = new Set(['no', 'n', 'false', '0', 'falso']);
const YEAR = new Set(['año', 'anio', 'anual', 'año calendario', 'anio calendario', 'ano', 'ano calendario']);

type Cell = (column: ReglasCsvColumn) => string;

class LineError extends Error {}

const bool = (cell: Cell, column: ReglasCsvColumn, empty: boolean) => {
  const raw = cell(column);
  const value = raw.toLowerCase();
  if (value === '') return empty;
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  throw new LineError(M.ROW_BAD_BOOLEAN(column, raw));
};

const int = (cell: Cell, column: ReglasCsvColumn) => {
  const raw = cell(column);
  if (raw === '') return null;
  if (!/^\d{1,5}$/.test(raw)) throw new LineError(M.ROW_BAD_NUMBER(column, raw));
  return Number(raw);
};

function coseguroOf(raw: string): Pick<ReglaValues, 'coseguroImporte' | 'coseguroPct'> {
  if (raw === '') return { coseguroImporte: null, coseguroPct: null };
  const pct = /^(\d{1,3})\s*%$/.exec(raw);
  if (pct) return { coseguroImporte: null, coseguroPct: Number(pct[1]) };
  const importe = parseImporte(raw);
  if (importe === undefined) throw new LineError(M.COSEGURO_INVALID);
  return { coseguroImporte: importe, coseguroPct: null };
}

function adjuntosOf(raw: string): Adjunto[] {
  const names = raw
    .toLowerCase()
    .split(/[\s,|+/]+/)
    .filter(Boolean);
  for (const name of names)
    if (!ADJUNTOS.includes(name as Adjunto)) throw new LineError(M.ADJUNTO_INVALID(name));
  return names as Adjunto[];
}

/** The line as a rule, or the first thing wrong with it in words. */
export function validateReglaRecord(
  line: number,
  fields: readonly string[],
  columns: Partial<Record<ReglasCsvColumn, number>>,
): { row: ReglaLine } | { error: string } {
  const cell: Cell = (column) => {
    const index = columns[column];
    return index === undefined ? '' : (fields[index] ?? '').trim();
  };
  try {
    const rawObjetivo = cell('objetivo');
    if (rawObjetivo === '') return { error: M.OBJETIVO_REQUIRED };
    const objetivo = parseObjetivo(rawObjetivo);
    if (!objetivo) return { error: M.OBJETIVO_INVALID(rawObjetivo) };
    const rawDesde = cell('vigente_desde');
    const vigenteDesde = parseFecha(rawDesde);
    if (!vigenteDesde) return { error: M.ROW_BAD_DESDE(rawDesde) };
    const rawHasta = cell('vigente_hasta');
    const vigenteHasta = rawHasta === '' ? null : parseFecha(rawHasta);
    if (vigenteHasta === undefined) return { error: M.ROW_BAD_HASTA(rawHasta) };

    const cubre = bool(cell, 'cubre', true);
    const frecuencia = int(cell, 'frecuencia');
    const rawPeriodo = cell('periodo_dias');
    const anioCalendario = YEAR.has(rawPeriodo.toLowerCase());
    const rawAmbito = cell('ambito')
      .toLowerCase()
      .replace(/\s*\+\s*/, '+');
    if (rawAmbito !== '' && !AMBITOS.includes(rawAmbito as Ambito)) return { error: M.AMBITO_INVALID };
    const coberturaPct = int(cell, 'cobertura_pct');
    const input = {
      objetivo: formatObjetivo(objetivo),
      cubre,
      // A covering rule with no percentage covers it whole.
      coberturaPct: cubre ? (coberturaPct ?? 100) : coberturaPct,
      ...coseguroOf(cell('coseguro')),
      requiereAutorizacion: bool(cell, 'requiere_autorizacion', false),
      adjuntos: adjuntosOf(cell('adjuntos')),
      frecuencia,
      periodoDias: anioCalendario ? null : int(cell, 'periodo_dias'),
      anioCalendario,
      // A frequency with no scope counts per affiliate.
      ambito: rawAmbito === '' ? (frecuencia === null ? null : 'afiliado') : (rawAmbito as Ambito),
      mismoPrestador: bool(cell, 'mismo_prestador', false),
      edadMin: int(cell, 'edad_min'),
      edadMax: int(cell, 'edad_max'),
      carenciaDias: int(cell, 'carencia_dias'),
      topeMensual: int(cell, 'tope_mensual'),
      garantiaMeses: int(cell, 'garantia_meses'),
      vigenteDesde,
      vigenteHasta,
    };
    const parsed = reglaInputSchema.safeParse(input);
    if (!parsed.success) return { error: parsed.error.issues[0]!.message };
    return { row: { line, objetivo, values: parsed.data } };
  } catch (error) {
    if (error instanceof LineError) return { error: error.message };
    throw error;
  }
}

const yesNo = (value: boolean) => (value ? 'si' : 'no');
const number = (value: number | null) => (value === null ? '' : String(value));

/** A rule as a line of the CSV, column by column. */
export function reglaCells(r: Regla): Record<ReglasCsvColumn, string> {
  return {
    objetivo: r.objetivo,
    cubre: yesNo(r.cubre),
    cobertura_pct: number(r.coberturaPct),
    coseguro:
      r.coseguroImporte !== null
        ? formatImporte(r.coseguroImporte).replace(/^\$ /, '')
        : r.coseguroPct !== null
          ? `${r.coseguroPct}%`
          : '',
    requiere_autorizacion: yesNo(r.requiereAutorizacion),
    adjuntos: r.adjuntos.join(' '),
    frecuencia: number(r.frecuencia),
    periodo_dias: r.anioCalendario ? 'año' : number(r.periodoDias),
    ambito: r.ambito ?? '',
    mismo_prestador: yesNo(r.mismoPrestador),
    edad_min: number(r.edadMin),
    edad_max: number(r.edadMax),
    carencia_dias: number(r.carenciaDias),
    tope_mensual: number(r.topeMensual),
    garantia_meses: number(r.garantiaMeses),
    vigente_desde: formatFecha(r.vigenteDesde),
    vigente_hasta: r.vigenteHasta ? formatFecha(r.vigenteHasta) : '',
  };
}
