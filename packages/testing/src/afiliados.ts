import type { AfiliadoInput } from '@red-dental/contracts';
import { APELLIDOS_FRECUENTES, APELLIDOS_OTROS, NOMBRES, PROPORCION_FRECUENTES } from './names.ts';
import { pick, seededRandom, weightedPicker } from './random.ts';

/** An affiliate as a spreadsheet row or a request body (without the insurer), with its name's parts. */
export interface GeneratedAfiliado extends Omit<AfiliadoInput, 'obraSocial' | 'fecha_nacimiento'> {
  /** aaaa-mm-dd */
  fecha_nacimiento: string;
  telefono: string | null;
  apellido: string;
  primerNombre: string;
}

export interface GenerateAfiliadosOptions {
  /** The same seed gives the same people. */
  seed?: number;
  /** The first document number. */
  firstDocumento?: number;
  /**
   * 'sequential': firstDocumento, +1, +2… (a test that needs to know them);
   * 'spread' (the default): spread over 60 million numbers like a real register.
   */
  documentos?: 'sequential' | 'spread';
}

/**
 * `count` affiliates with Argentine names (surnames drawn with their real
 * frequency skew, given names of every generation), unique 8-digit DNIs,
 * birth dates from 1940 to 2019 and a mobile number for about half. Lazy: a
 * million rows take no memory.
 */
export function* generateAfiliados(
  count: number,
  { seed = 1, firstDocumento = 10_000_000, documentos = 'spread' }: GenerateAfiliadosOptions = {},
): Generator<GeneratedAfiliado> {
  const random = seededRandom(seed);
  const frecuente = weightedPicker(APELLIDOS_FRECUENTES, random);
  const nombres = [...Object.values(NOMBRES.F), ...Object.values(NOMBRES.M)].flat();
  const digits = (n: number) => String(Math.floor(random() * 10 ** n)).padStart(n, '0');
  for (let i = 0; i < count; i++) {
    const apellido = random() < PROPORCION_FRECUENTES ? frecuente() : pick(APELLIDOS_OTROS, random);
    const primerNombre = pick(nombres, random);
    const segundo = random() < 0.35 ? ` ${pick(nombres, random)}` : '';
    // 7919 is prime and does not divide 60,000,000: i ↦ i·7919 mod 60M is one-to-one, so documents never repeat.
    const offset = documentos === 'sequential' ? i : (i * 7919) % 60_000_000;
    const year = 1940 + Math.floor(random() * 80);
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    yield {
      nombre: `${primerNombre}${segundo} ${apellido}`,
      tipoDocumento: 'DNI',
      documento: String(firstDocumento + offset),
      fecha_nacimiento: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      telefono: random() < 0.5 ? `11 ${2000 + Math.floor(random() * 5000)}-${digits(4)}` : null,
      apellido,
      primerNombre,
    };
  }
}

/** The columns a staff member's spreadsheet may have, with the headers the import recognises. */
const CSV_COLUMNS = {
  nombre: { header: 'nombre', value: (a: GeneratedAfiliado) => a.nombre },
  tipoDocumento: { header: 'tipo documento', value: (a: GeneratedAfiliado) => a.tipoDocumento },
  documento: { header: 'documento', value: (a: GeneratedAfiliado) => a.documento },
  fecha_nacimiento: {
    header: 'fecha de nacimiento',
    value: (a: GeneratedAfiliado) => a.fecha_nacimiento.split('-').reverse().join('/'),
  },
  telefono: { header: 'telefono', value: (a: GeneratedAfiliado) => a.telefono ?? '' },
} as const;
export type AfiliadoCsvColumn = keyof typeof CSV_COLUMNS;

export interface AfiliadosCsvOptions {
  columns?: readonly AfiliadoCsvColumn[];
  separator?: ',' | ';';
  lineEnd?: '\n' | '\r\n';
  /** Rows per yielded string, for streaming a big file to disk. */
  chunkRows?: number;
}

/**
 * The rows as a CSV file, header first, in chunks, the way staff export them
 * from a spreadsheet (dates dd/mm/aaaa, fields quoted only when needed).
 */
export function* afiliadosCsvChunks(
  rows: Iterable<GeneratedAfiliado>,
  {
    columns = ['nombre', 'tipoDocumento', 'documento', 'fecha_nacimiento'],
    separator = ',',
    lineEnd = '\n',
    chunkRows = 5000,
  }: AfiliadosCsvOptions = {},
): Generator<string> {
  const field = (value: string) =>
    value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  const cells = columns.map((column) => CSV_COLUMNS[column]);
  let chunk = cells.map((cell) => cell.header).join(separator) + lineEnd;
  let n = 0;
  for (const row of rows) {
    chunk += cells.map((cell) => field(cell.value(row))).join(separator) + lineEnd;
    if (++n % chunkRows === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** The whole CSV file as one string. */
export function afiliadosCsv(rows: Iterable<GeneratedAfiliado>, options: AfiliadosCsvOptions = {}): string {
  return [...afiliadosCsvChunks(rows, options)].join('');
}
