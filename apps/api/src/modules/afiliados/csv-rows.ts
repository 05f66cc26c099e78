import {
  isoToday,
  isStorableText,
  isValidBirthDate,
  isValidDocumento,
  isValidEmail,
  MESSAGES,
  NUMERIC_DOCUMENT_TYPES,
  normalizeDocumento,
  parseFecha,
  parseTipoDocumento,
  type TipoDocumento,
} from '@red-dental/contracts';
import { mapColumns } from '../../lib/csv-records.ts';
import { searchKey } from '../../lib/text.ts';

/** What one CSV line of affiliates turns into, as the staging table takes it (short keys keep batches small). */
export interface StagedRow {
  /** line where the record starts */
  l: number;
  /** documento, normalised */
  d: string;
  /** nombre */
  n: string;
  /** nombre_busqueda */
  b: string;
  /** tipo de documento; null when the file says nothing (an existing affiliate keeps its own, a new one is DNI) */
  t: TipoDocumento | null;
  /** fecha de nacimiento yyyy-mm-dd; null: unknown (an existing one is kept) */
  f: string | null;
  /** email; null: none given (an existing one is kept) */
  e: string | null;
  /** teléfono; null: none given (an existing one is kept) */
  p: string | null;
  /** the plan's id, from its code in the file; null: none given (an existing one of the same insurer is kept) */
  c: number | null;
  /** número de afiliado; null: none given (an existing one is kept) */
  u: string | null;
  /** fecha de alta yyyy-mm-dd; null: none given (an existing one is kept) */
  a: string | null;
}

export type CsvField =
  | 'nombre'
  | 'apellido'
  | 'tipo'
  | 'documento'
  | 'fecha'
  | 'email'
  | 'telefono'
  | 'plan'
  | 'numero'
  | 'alta';
export type CsvColumns = Partial<Record<CsvField, number>>;

/** The header names the import accepts (decision 022), folded with headerKey; a few common spellings of Argentine spreadsheets too. */
const ALIASES: Record<CsvField, readonly string[]> = {
  nombre: ['nombre', 'nombrecompleto', 'nombreyapellido', 'apellidoynombre', 'nombres'],
  apellido: ['apellido', 'apellidos'],
  tipo: ['tipo', 'tipodocumento', 'tipodedocumento', 'tipodoc'],
  documento: [
    'documento',
    'numerodedocumento',
    'numerodocumento',
    'nrodocumento',
    'nrodedocumento',
    'nrodoc',
    'ndocumento',
    'ndedocumento',
    'dni',
    'nrodni',
  ],
  fecha: ['fechanacimiento', 'fechadenacimiento', 'fechanac', 'nacimiento'],
  email: ['email', 'mail', 'correo', 'correoelectronico'],
  telefono: ['telefono', 'celular', 'movil', 'tel'],
  plan: ['plan', 'codigoplan', 'codigodeplan', 'plancodigo'],
  numero: [
    'numerodeafiliado',
    'numeroafiliado',
    'nroafiliado',
    'nrodeafiliado',
    'nafiliado',
    'ndeafiliado',
    'credencial',
  ],
  alta: ['fechadealta', 'fechaalta', 'alta', 'fechaingreso', 'fechadeingreso'],
};

/** Column index of each known field; the first matching column wins, unknown columns are ignored. */
export const mapHeader = (header: readonly string[]): CsvColumns => mapColumns(header, ALIASES);

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const pad = (n: string) => n.padStart(2, '0');

/**
 * dd/mm/yyyy (also with - or .) or yyyy-mm-dd → yyyy-mm-dd; '' → null; anything else (or a date
 * after `today`, yyyy-mm-dd) → undefined.
 */
export function parseCsvDate(raw: string, today = isoToday()): string | null | undefined {
  // Spreadsheets sometimes export a date with a midnight time.
  const value = raw.trim().replace(/[ T]00:00(:00(\.0+)?)?$/, '');
  if (value === '') return null;
  let iso: string | undefined;
  const ymd = YMD.exec(value);
  if (ymd) iso = `${ymd[1]}-${pad(ymd[2]!)}-${pad(ymd[3]!)}`;
  const dmy = DMY.exec(value);
  if (dmy) iso = `${dmy[3]}-${pad(dmy[2]!)}-${pad(dmy[1]!)}`;
  return iso && isValidBirthDate(iso, today) ? iso : undefined;
}

/** A bound no birth date passes: parsing against it tells a future date from a malformed one. */
const LATEST_DAY = '9999-12-31';

const LIMITS = { nombre: 200, documento: 40, email: 254, telefono: 50, numero: 40 };

/** The import's insurer, for the lines' plans: its name and its plans' ids by code (lower-cased). */
export interface ImportPlanes {
  obraSocial: string;
  byCodigo: ReadonlyMap<string, number>;
}

export type RowResult = { row: StagedRow } | { error: string };

/** Validates one data record; the first problem found is the row's error. `today` (yyyy-mm-dd) bounds birth dates. */
export function validateRecord(
  line: number,
  fields: readonly string[],
  columns: CsvColumns,
  today = isoToday(),
  planes: ImportPlanes = { obraSocial: '', byCodigo: new Map() },
): RowResult {
  const cell = (field: CsvField) => {
    const index = columns[field];
    return index === undefined ? '' : (fields[index] ?? '').trim();
  };
  // The database cannot store a NUL or half a surrogate pair: such a line is refused, not the whole file.
  if (!fields.every(isStorableText)) return { error: MESSAGES.csv.ROW_BAD_TEXT };
  const rawDocumento = cell('documento');
  const documento = normalizeDocumento(rawDocumento);
  if (!documento) return { error: MESSAGES.csv.ROW_NO_DOCUMENTO };

  const nombre = [cell('apellido'), cell('nombre')].filter(Boolean).join(' ').replace(/\s+/g, ' ');
  if (!nombre) return { error: MESSAGES.csv.ROW_NO_NOMBRE };

  const rawTipo = cell('tipo');
  const tipo = rawTipo ? parseTipoDocumento(rawTipo) : null;
  if (tipo === undefined) return { error: MESSAGES.csv.ROW_BAD_TIPO(rawTipo) };
  const tipoForRules = tipo ?? 'DNI';
  if (!isValidDocumento(tipoForRules, documento) || rawDocumento.length > LIMITS.documento)
    return {
      error: NUMERIC_DOCUMENT_TYPES.includes(tipoForRules)
        ? MESSAGES.csv.ROW_BAD_DIGITS(tipoForRules)
        : MESSAGES.csv.ROW_BAD_DOCUMENTO,
    };

  const rawFecha = cell('fecha');
  const fecha = parseCsvDate(rawFecha, today);
  if (fecha === undefined) {
    // A real date refused only by its bound is after today: the message says so, not that it is malformed.
    const isFuture = parseCsvDate(rawFecha, LATEST_DAY) !== undefined;
    return { error: (isFuture ? MESSAGES.csv.ROW_FUTURE_DATE : MESSAGES.csv.ROW_BAD_DATE)(rawFecha) };
  }

  const email = cell('email').toLowerCase();
  if (email && !isValidEmail(email)) return { error: MESSAGES.csv.ROW_BAD_EMAIL };
  const telefono = cell('telefono');
  const numero = cell('numero');
  if (nombre.length > LIMITS.nombre || telefono.length > LIMITS.telefono || numero.length > LIMITS.numero)
    return { error: MESSAGES.csv.ROW_TOO_LONG };

  const rawPlan = cell('plan');
  const plan = rawPlan === '' ? null : planes.byCodigo.get(rawPlan.toLowerCase());
  if (plan === undefined) return { error: MESSAGES.csv.ROW_UNKNOWN_PLAN(rawPlan, planes.obraSocial) };
  const rawAlta = cell('alta');
  const alta = rawAlta === '' ? null : parseFecha(rawAlta);
  if (alta === undefined) return { error: MESSAGES.csv.ROW_BAD_ALTA(rawAlta) };

  return {
    row: {
      l: line,
      d: documento,
      n: nombre,
      b: searchKey(nombre),
      t: tipo,
      f: fecha,
      e: email || null,
      p: telefono || null,
      c: plan,
      u: numero || null,
      a: alta,
    },
  };
}
