import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

/**
 * Argentine given names and surnames, from ./data: what the affiliate
 * generators, the benchmarks and the demo seed draw people from. Checked
 * against their schema when the module loads.
 */

const weight = z.number().positive();

const apellidosSchema = z.object({
  /**
   * The most frequent surnames in Argentina, weighted by their share of the
   * population (González about one person in fifty).
   */
  frecuentes: z.array(z.object({ apellido: z.string().min(1), peso: weight })).min(1),
  /** Together the frequent ones cover roughly two people in five. */
  proporcionFrecuentes: z.number().min(0).max(1),
  /** Less common surnames of Buenos Aires, equally likely: they stand for everyone else. */
  otros: z.array(z.string().min(1)).min(1),
});

const porGeneracionSchema = z.object({
  mayor: z.array(z.string().min(1)).min(1),
  media: z.array(z.string().min(1)).min(1),
  joven: z.array(z.string().min(1)).min(1),
});
const nombresSchema = z.object({ F: porGeneracionSchema, M: porGeneracionSchema });

export type Sexo = keyof z.output<typeof nombresSchema>;
/** Given-name fashions change by generation, so names are picked by the person's birth year. */
export type Generacion = keyof z.output<typeof porGeneracionSchema>;

/**
 * The package's data folder, found through the package's own name so that it
 * holds wherever this code runs, also bundled into the compiled server.
 */
const DATA = new URL(
  'data/',
  pathToFileURL(createRequire(import.meta.url).resolve('@red-dental/testing/package.json')),
);

function load<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  const url = new URL(file, DATA);
  const result = schema.safeParse(JSON.parse(readFileSync(url, 'utf8')));
  if (!result.success) throw new Error(`${url.pathname}: ${z.prettifyError(result.error)}`);
  return result.data;
}

export function generacionDe(anio: number): Generacion {
  if (anio <= 1965) return 'mayor';
  if (anio <= 1992) return 'media';
  return 'joven';
}

const apellidos = load('apellidos.json', apellidosSchema);
export const APELLIDOS_FRECUENTES: { value: string; weight: number }[] = apellidos.frecuentes.map((a) => ({
  value: a.apellido,
  weight: a.peso,
}));
export const PROPORCION_FRECUENTES: number = apellidos.proporcionFrecuentes;
export const APELLIDOS_OTROS: string[] = apellidos.otros;

export const NOMBRES: Record<Sexo, Record<Generacion, string[]>> = load('nombres.json', nombresSchema);
