import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GUARDIAS } from '@red-dental/contracts';
import {
  type GeneratedAfiliado,
  generateAfiliados,
  pick,
  seededRandom,
  weightedPicker,
} from '@red-dental/testing';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  ESPECIALIDADES,
  ESPECIALIDADES_EXTRA,
  GUARDIAS_HORARIOS,
  HORARIOS,
  LOCALIDADES,
  ODONTOLOGIA_GENERAL,
  toSchedule,
} from '../../src/db/seed/demo-catalog.ts';
import { compactSearchKey, searchKey } from '../../src/lib/text.ts';

/*
 * Data the benchmarks share: affiliates loaded with COPY, the search mixes
 * drawn from them, and approved providers as the demo seed makes them.
 */

export const OBRAS_SOCIALES = [
  'OSDE',
  'Swiss Medical',
  'Galeno',
  'OSECAC',
  'IOMA',
  'Medifé',
  'Omint',
  'Sancor Salud',
];

/** The seed of the generated affiliates that `copyAfiliados` loads. */
const AFILIADOS_SEED = 11;

const tsv = (v: string | null) => (v === null ? '\\N' : v.replace(/[\\\t\n]/g, ' '));

/**
 * Loads `rows` generated affiliates (seed 11) with COPY, each with one of the
 * OBRAS_SOCIALES (created here) at random, as a migration of real data would,
 * then VACUUM ANALYZE and a checkpoint. Answers the insurers' ids.
 */
export async function copyAfiliados(url: string, rows: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const ids: number[] = [];
  for (const nombre of OBRAS_SOCIALES) {
    const { rows } = await client.query<{ id: number }>(
      'insert into obras_sociales (nombre) values ($1) returning id',
      [nombre],
    );
    ids.push(rows[0]!.id);
  }
  const random = seededRandom(99);
  function* lines() {
    let chunk = '';
    let i = 0;
    for (const a of generateAfiliados(rows, { seed: AFILIADOS_SEED })) {
      chunk += `${tsv(a.nombre)}\t${tsv(searchKey(a.nombre))}\t${a.tipoDocumento}\t${a.documento}\t${a.fecha_nacimiento}\t${ids[Math.floor(random() * ids.length)]}\n`;
      if (++i % 10_000 === 0) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(
    Readable.from(lines()),
    client.query(
      copyFrom(
        'copy afiliados (nombre, nombre_busqueda, tipo_documento, documento, fecha_nacimiento, obra_social_id) from stdin',
      ),
    ),
  );
  await client.query('vacuum analyze afiliados');
  // Write the loaded pages out now rather than during the measurements (needs pg_checkpoint or superuser).
  await client.query('checkpoint').catch(() => {});
  await client.end();
  return ids;
}

/** Every 997th affiliate `copyAfiliados` loaded (at most 5,000): where the query mixes come from. */
export function sampleOf(rows: number) {
  const sample: GeneratedAfiliado[] = [];
  let i = 0;
  for (const a of generateAfiliados(rows, { seed: AFILIADOS_SEED }))
    if (i++ % 997 === 0 && sample.length < 5000) sample.push(a);
  return sample;
}

/** The two search mixes, 400 searches each: document prefixes of 4–8 digits, and 'apellido nombre'. */
export function buildMixes(sample: GeneratedAfiliado[]) {
  const random = seededRandom(5);
  const draw = () => sample[Math.floor(random() * sample.length)]!;
  const documentos = Array.from({ length: 400 }, () => {
    const doc = draw().documento;
    return doc.slice(0, 4 + Math.floor(random() * 5));
  });
  const nombres = Array.from({ length: 400 }, () => {
    const a = draw();
    return `${a.apellido} ${a.primerNombre}`.toLowerCase();
  });
  return { documentos, nombres };
}

export type GeneratedProvider = ReturnType<typeof generateProviders>[number];

/**
 * Providers as the demo seed makes them, seeded: localities of Buenos Aires with their weight, real
 * streets and a jitter within each locality, 1–3 specialties (general dentistry for most), office
 * hours and, for a quarter, on-call hours with the GUARDIAS specialty. E-mails are
 * prestador<i>@bench.example.com.
 */
export function generateProviders(people: GeneratedAfiliado[], random = seededRandom(23)) {
  const chance = (p: number) => random() < p;
  const localidad = weightedPicker(
    LOCALIDADES.map((l) => ({ value: l, weight: l.peso })),
    random,
  );
  const extra = weightedPicker(ESPECIALIDADES_EXTRA, random);
  const digits = (n: number) => String(Math.floor(random() * 10 ** n)).padStart(n, '0');
  return people.map((p, i) => {
    const l = localidad();
    const [calle, desde, hasta] = pick(l.calles, random);
    const guardias = chance(0.25);
    const especialidades = chance(0.8) ? [ODONTOLOGIA_GENERAL] : [];
    const total = 1 + Math.floor(random() * (guardias ? 2 : 3));
    while (especialidades.length < total) {
      const e = extra();
      if (!especialidades.includes(e)) especialidades.push(e);
    }
    if (guardias) especialidades.push(GUARDIAS);
    const apellido = p.apellido.split(' ')[0]!;
    const jitter = () => (random() * 2 - 1) * l.radio;
    return {
      email: `prestador${i}@bench.example.com`,
      nombre: p.nombre,
      razon_social: chance(0.5) ? `Consultorio Odontológico ${apellido}` : null,
      busqueda: compactSearchKey(p.nombre),
      telefono: chance(0.7)
        ? `${l.caracteristica} 4${digits(3)}-${digits(4)}`
        : `11 ${digits(4)}-${digits(4)}`,
      direccion: `${calle} ${desde + Math.floor(random() * (hasta - desde))}`,
      depto: chance(0.5) ? null : `${1 + Math.floor(random() * 12)}° ${pick(['A', 'B', 'C', 'D'], random)}`,
      lat: (l.lat + jitter()).toFixed(6),
      long: (l.long + jitter()).toFixed(6),
      localidad: l.nombre,
      horarios: toSchedule(pick(HORARIOS, random)),
      guardias: guardias ? toSchedule(pick(GUARDIAS_HORARIOS, random)) : toSchedule({}),
      acepta: chance(0.85),
      confirmados_dias: chance(0.8) ? Math.floor(random() * 200) : null,
      especialidades,
    };
  });
}

export type Query = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Approved providers, as bulk inserts from JSON (one statement per table, the same on PostgreSQL
 * and PGlite): an active account with `passwordHash` ('!': none can sign in), its profile, the
 * PRESTADOR role and the specialties. Insurers are the caller's to link.
 */
export async function insertProviders(query: Query, providers: GeneratedProvider[], passwordHash = '!') {
  const json = (value: unknown) => JSON.stringify(value);
  await query(
    'insert into especialidades (nombre) select value from jsonb_array_elements_text($1::jsonb) on conflict do nothing',
    [json(ESPECIALIDADES)],
  );
  await query(
    `with x as (
       select * from jsonb_to_recordset($1::jsonb) as x(email text, nombre text, razon_social text,
         busqueda text, telefono text, direccion text, depto text, lat numeric, long numeric,
         localidad text, horarios jsonb, guardias jsonb, acepta boolean, confirmados_dias int)
     ), u as (
       insert into users (email, password_hash, status) select email, $2, 'active' from x returning id, email
     )
     insert into profesionales (user_id, nombre, razon_social, busqueda, email, telefono, direccion, depto,
       lat, long, localidad, horarios, guardias, acepta_nuevos_pacientes, datos_confirmados_at)
     select u.id, x.nombre, x.razon_social, x.busqueda, x.email, x.telefono, x.direccion, x.depto,
       x.lat, x.long, x.localidad, x.horarios, x.guardias, x.acepta,
       now() - x.confirmados_dias * interval '1 day'
     from x join u using (email)`,
    [json(providers.map(({ especialidades: _, ...p }) => p)), passwordHash],
  );
  await query(
    `insert into user_roles (user_id, role_id)
     select p.user_id, r.id from profesionales p cross join roles r where r.name = 'PRESTADOR'`,
  );
  await query(
    `insert into profesional_especialidades (profesional_id, especialidad_id)
     select p.id, e.id from jsonb_to_recordset($1::jsonb) as x(email text, especialidad text)
     join profesionales p on p.email = x.email join especialidades e on e.nombre = x.especialidad`,
    [
      json(
        providers.flatMap((p) => p.especialidades.map((especialidad) => ({ email: p.email, especialidad }))),
      ),
    ],
  );
}
