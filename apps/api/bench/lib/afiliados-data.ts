import {
  APELLIDOS_FRECUENTES,
  APELLIDOS_OTROS,
  NOMBRES,
  PROPORCION_FRECUENTES,
} from '../../src/db/seed/demo-catalog.ts';

/** Small fast seeded PRNG (mulberry32): a million rows without faker's per-call cost, same rows every run. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weightedPicker<T>(items: { value: T; weight: number }[], random: () => number) {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += item.weight;
    cumulative.push(total);
  }
  return () => {
    const r = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!.value;
  };
}

export interface BenchAfiliado {
  nombre: string;
  apellido: string;
  primerNombre: string;
  tipoDocumento: string;
  documento: string;
  fechaNacimiento: string;
}

/**
 * Affiliates with Argentine names: surnames drawn with their real frequency
 * skew (the demo catalogue's weights for the common ones, a long tail for the
 * rest), given names of every generation, unique 8-digit DNIs.
 */
export function* generateAfiliados(count: number, seed = 1): Generator<BenchAfiliado> {
  const random = seededRandom(seed);
  const frecuente = weightedPicker(
    APELLIDOS_FRECUENTES.map(([value, weight]) => ({ value, weight })),
    random,
  );
  const nombres = [...Object.values(NOMBRES.F), ...Object.values(NOMBRES.M)].flat();
  for (let i = 0; i < count; i++) {
    const apellido =
      random() < PROPORCION_FRECUENTES
        ? frecuente()
        : APELLIDOS_OTROS[Math.floor(random() * APELLIDOS_OTROS.length)]!;
    const primerNombre = nombres[Math.floor(random() * nombres.length)]!;
    const segundo = random() < 0.35 ? ` ${nombres[Math.floor(random() * nombres.length)]!}` : '';
    // 7919 is prime and does not divide 60,000,000: i ↦ i·7919 mod 60M is one-to-one, so documents never repeat.
    const documento = String(10_000_000 + ((i * 7919) % 60_000_000));
    const year = 1940 + Math.floor(random() * 80);
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    yield {
      nombre: `${primerNombre}${segundo} ${apellido}`,
      apellido,
      primerNombre,
      tipoDocumento: 'DNI',
      documento,
      fechaNacimiento: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    };
  }
}

const csvField = (value: string) => (/[",;\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The rows as a CSV file body, in chunks (header first), the way staff export them from a spreadsheet. */
export function* toCsvChunks(rows: Iterable<BenchAfiliado>, chunkRows = 5000): Generator<string> {
  let chunk = 'nombre,tipo documento,documento,fecha de nacimiento\n';
  let n = 0;
  for (const row of rows) {
    chunk += `${csvField(row.nombre)},${row.tipoDocumento},${row.documento},${row.fechaNacimiento.split('-').reverse().join('/')}\n`;
    if (++n % chunkRows === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
