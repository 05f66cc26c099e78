/**
 * The Argentine localities a map can go to without asking the geocoder (which
 * misses small towns, and is sometimes down): the list in
 * data/localidades.json (GeoNames, CC BY 4.0; scripts/build-localidades.mjs
 * rebuilds it), loaded with the first field that needs it.
 */

/** A locality and its centre: where a map goes to look for an office, never the office's place. */
export interface Localidad {
  nombre: string;
  provincia: string;
  /** Only where the name repeats within the province, to tell the two apart. */
  departamento?: string;
  lat: number;
  lon: number;
}

/** The loaded list, searchable by what a person types. */
export interface LocalidadList {
  readonly size: number;
  /** The localities whose words start with every word typed ('fun santa' finds Funes, Santa Fe), best first. */
  find(text: string, limit?: number): Localidad[];
}

/** How the file writes one locality. */
type Row = [nombre: string, provincia: string, lat: number, lon: number, departamento?: string];

/** 'Funes, Santa Fe'; 'San Vicente (Guaraní), Misiones'. */
export function localidadLabel(l: Localidad): string {
  return `${l.nombre}${l.departamento ? ` (${l.departamento})` : ''}, ${l.provincia}`;
}

/** Lower case, without accents: 'Córdoba' and 'cordoba' are the same word. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const isRow = (row: unknown): row is Row =>
  Array.isArray(row) &&
  (row.length === 4 || (row.length === 5 && typeof row[4] === 'string' && row[4] !== '')) &&
  typeof row[0] === 'string' &&
  row[0] !== '' &&
  typeof row[1] === 'string' &&
  row[1] !== '' &&
  Number.isFinite(row[2]) &&
  Math.abs(row[2]) <= 90 &&
  Number.isFinite(row[3]) &&
  Math.abs(row[3]) <= 180;

/** The file's rows as a searchable list; a malformed row stops it, naming the row. */
export function toLocalidadList(rows: readonly unknown[]): LocalidadList {
  const localidades = rows.map((row, index): Localidad => {
    if (!isRow(row)) throw new Error(`localidades.json: row ${index} is not [nombre, provincia, lat, lon]`);
    const [nombre, provincia, lat, lon, departamento] = row;
    return departamento ? { nombre, provincia, departamento, lat, lon } : { nombre, provincia, lat, lon };
  });
  // Each locality's words, with a space before each so that ' fun' matches a word's start.
  const keys = localidades.map((l) =>
    ` ${fold(`${l.nombre} ${l.departamento ?? ''} ${l.provincia}`)}`.replace(/[^\p{L}\p{N}]+/gu, ' '),
  );
  const names = localidades.map((l) => fold(l.nombre));
  return {
    size: localidades.length,
    find(text, limit = 8) {
      const words = fold(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
      if (words.length === 0) return [];
      const typed = words.join(' ');
      const found: { localidad: Localidad; rank: number }[] = [];
      localidades.forEach((localidad, i) => {
        if (!words.every((word) => keys[i]!.includes(` ${word}`))) return;
        // The name as typed first, then names that start so, then the rest (the file is in order).
        const name = names[i]!;
        found.push({ localidad, rank: name === typed ? 0 : name.startsWith(typed) ? 1 : 2 });
      });
      return found
        .sort((a, b) => a.rank - b.rank)
        .slice(0, limit)
        .map((f) => f.localidad);
    },
  };
}

let loading: Promise<LocalidadList> | undefined;

/** The list, fetched once (its own file, about 20 kB compressed); a failed load is tried again next time. */
export function loadLocalidades(): Promise<LocalidadList> {
  loading ??= import('./data/localidades.json').then(
    (file) => toLocalidadList(file.default.localidades),
    (error: unknown) => {
      loading = undefined;
      console.warn('The list of localities could not be loaded', error);
      throw error;
    },
  );
  return loading;
}
