import {
  AREAS_TRATAMIENTO,
  type AreaTratamiento,
  CAPITULO_NUMEROS,
  type Capitulo,
  CODIGO_PATTERN,
  capituloOf,
  DENTICIONES,
  type Denticion,
  isStorableText,
  MAX_CARAS,
  MESSAGES,
  parseUnidades,
} from '@red-dental/contracts';
import { headerKey } from '../../lib/csv-records.ts';

const M = MESSAGES.nomenclador;

/*
 * One line of a code table's CSV (codigo;capitulo;nombre;area;caras_min;
 * caras_max;denticion;unidades, and an optional norma) checked on its own:
 * plain functions, no I/O.
 */

export type CodigoField =
  | 'codigo'
  | 'capitulo'
  | 'nombre'
  | 'area'
  | 'carasMin'
  | 'carasMax'
  | 'denticion'
  | 'unidades'
  | 'norma';

/** The header names each column goes by, folded with headerKey. */
export const CODIGO_ALIASES: Record<CodigoField, readonly string[]> = {
  codigo: ['codigo', 'cod', 'codigoprestacion'],
  capitulo: ['capitulo', 'cap'],
  nombre: ['nombre', 'descripcion', 'detalle', 'prestacion'],
  area: ['area', 'areatratamiento', 'areadetratamiento'],
  carasMin: ['carasmin', 'carasminimas', 'minimocaras'],
  carasMax: ['carasmax', 'carasmaximas', 'maximocaras'],
  denticion: ['denticion'],
  unidades: ['unidades', 'uo', 'unidadesodontologicas'],
  norma: ['norma', 'normas', 'normatexto'],
};

/** Columns a file must name; the others have a default (chapter from the code, both dentitions, no faces, no units). */
export const REQUIRED_COLUMNS: readonly CodigoField[] = ['codigo', 'nombre', 'area'];
export const COLUMN_NAMES: Record<CodigoField, string> = {
  codigo: 'codigo',
  capitulo: 'capitulo',
  nombre: 'nombre',
  area: 'area',
  carasMin: 'caras_min',
  carasMax: 'caras_max',
  denticion: 'denticion',
  unidades: 'unidades',
  norma: 'norma',
};

/** A valid line: the code with its columns. */
export interface CodigoRow {
  codigo: string;
  capitulo: Capitulo;
  nombre: string;
  norma: string | null;
  area: AreaTratamiento;
  carasMin: number;
  carasMax: number;
  denticion: Denticion;
  unidades: number | null;
}

const MAX_TEXT = 200;
const MAX_NORMA = 2000;

const folded = (raw: string) => headerKey(raw);

/** A chapter as written: '2', '02', '02 - Operatoria dental'. */
function parseCapitulo(raw: string): Capitulo | undefined {
  const match = /^(\d{1,2})\b/.exec(raw.trim());
  const numero = match ? match[1]!.padStart(2, '0') : '';
  return (CAPITULO_NUMEROS as readonly string[]).includes(numero) ? (numero as Capitulo) : undefined;
}

const parseCaras = (raw: string) => (/^\d$/.test(raw.trim()) ? Number(raw.trim()) : undefined);

/** The line as a code, or the first thing wrong with it in words. */
export function validateCodigoRecord(
  fields: readonly string[],
  columns: Partial<Record<CodigoField, number>>,
): { row: CodigoRow } | { error: string } {
  const cell = (field: CodigoField) => {
    const index = columns[field];
    return index === undefined ? '' : (fields[index] ?? '').trim();
  };
  if (fields.some((f) => !isStorableText(f))) return { error: MESSAGES.csv.ROW_BAD_TEXT };

  const codigo = cell('codigo');
  if (!CODIGO_PATTERN.test(codigo)) return { error: M.ROW_BAD_CODIGO(codigo) };

  const rawCapitulo = cell('capitulo');
  const capitulo = rawCapitulo === '' ? parseCapitulo(capituloOf(codigo)) : parseCapitulo(rawCapitulo);
  if (!capitulo) return { error: M.ROW_BAD_CAPITULO(rawCapitulo || capituloOf(codigo)) };
  if (capitulo !== capituloOf(codigo)) return { error: M.ROW_CAPITULO_MISMATCH(codigo, capitulo) };

  const nombre = cell('nombre');
  if (!nombre) return { error: M.ROW_NO_NOMBRE };
  const norma = cell('norma') || null;
  if (nombre.length > MAX_TEXT || (norma?.length ?? 0) > MAX_NORMA)
    return { error: MESSAGES.csv.ROW_TOO_LONG };

  const rawArea = cell('area');
  const area = AREAS_TRATAMIENTO.find((a) => a === folded(rawArea));
  if (!area) return { error: M.ROW_BAD_AREA(rawArea) };

  const rawMin = cell('carasMin');
  const rawMax = cell('carasMax');
  let carasMin = 0;
  let carasMax = 0;
  if (area === 'caras') {
    const min = parseCaras(rawMin);
    const max = rawMax === '' ? min : parseCaras(rawMax);
    if (min === undefined || max === undefined || min < 1 || max > MAX_CARAS || min > max)
      return { error: M.ROW_BAD_CARAS };
    carasMin = min;
    carasMax = max;
  } else if ((rawMin !== '' && rawMin !== '0') || (rawMax !== '' && rawMax !== '0'))
    return { error: M.ROW_CARAS_NOT_CARAS(area) };

  const rawDenticion = cell('denticion');
  const denticion = rawDenticion === '' ? 'ambas' : DENTICIONES.find((d) => d === folded(rawDenticion));
  if (!denticion) return { error: M.ROW_BAD_DENTICION(rawDenticion) };

  const rawUnidades = cell('unidades');
  const unidades = rawUnidades === '' ? null : (parseUnidades(rawUnidades) ?? undefined);
  if (unidades === undefined) return { error: M.ROW_BAD_UNIDADES(rawUnidades) };

  return { row: { codigo, capitulo, nombre, norma, area, carasMin, carasMax, denticion, unidades } };
}
