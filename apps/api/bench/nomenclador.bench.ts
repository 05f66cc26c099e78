import { mkdtempSync, openAsBlob, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { seededRandom } from '@red-dental/testing';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Agent, request } from 'undici';
import { openPglite, openPostgres, pgliteDir } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { reglasEnVigor } from '../src/modules/planes/planes-reglas.repository.ts';
import { DURATION_MS, envNumber, WARMUP_MS } from './lib/config.ts';
import { BENCH_ADMIN, createBenchDatabase, postgresUrl } from './lib/databases.ts';
import { formatLoad, runOpenLoop } from './lib/load.ts';
import { median, seconds, verdict } from './lib/report.ts';
import { login, startBenchServer } from './lib/server.ts';

const CODES = envNumber('BENCH_NOMENCLADOR_CODES', 10_000);
const ROUNDS = envNumber('BENCH_NOMENCLADOR_ROUNDS', 3);
/** Targets of one plan's rules, and the yearly versions of each. */
const TARGETS = envNumber('BENCH_REGLAS_TARGETS', 150);
const YEARS = envNumber('BENCH_REGLAS_YEARS', 5);
/** Arrivals per second of the chair's read: every visit of a busy network's dentists reads its plan. */
const RATE = envNumber('BENCH_REGLAS_RATE', 200);
const GOALS = { importSeconds: 5, p99Ms: 5 };

const AREAS = [
  ['boca', 0, 0],
  ['pieza', 0, 0],
  ['caras', 1, 3],
  ['sector', 0, 0],
  ['arcada', 0, 0],
] as const;

/**
 * A code table of `n` codes (NN.NN.NN, a thousand per chapter) as a network's
 * spreadsheet has it, and the same rows as COPY reads them into the table
 * (units in hundredths, the folded name beside the name).
 */
function codeTable(n: number, seed: number) {
  const random = seededRandom(seed);
  const csv = ['codigo;capitulo;nombre;area;caras_min;caras_max;denticion;unidades'];
  const copy = [];
  for (let i = 0; i < n; i++) {
    const capitulo = String(1 + (i % 10)).padStart(2, '0');
    const k = Math.floor(i / 10);
    const codigo = `${capitulo}.${String(Math.floor(k / 100)).padStart(2, '0')}.${String(k % 100).padStart(2, '0')}`;
    const [area, min, max] = AREAS[Math.floor(random() * AREAS.length)]!;
    const unidades = 50 + Math.floor(random() * 2000);
    const nombre = `Prestación ${codigo} de prueba, variante ${Math.floor(random() * 1000)}`;
    csv.push(
      `${codigo};${capitulo};${nombre};${area};${min || ''};${max || ''};ambas;${(unidades / 100).toFixed(2).replace('.', ',')}`,
    );
    copy.push(
      `${codigo},${capitulo},"${nombre}","${nombre.toLowerCase()}",${area},${min},${max},ambas,${unidades}`,
    );
  }
  return { csv: `${csv.join('\r\n')}\r\n`, copy: `${copy.join('\n')}\n` };
}

const COPY_COLUMNS =
  'codigo, capitulo, nombre, nombre_busqueda, area, caras_min, caras_max, denticion, unidades';

/** The reference: COPY of the same rows into a copy of codigos_prestacion with its indexes and checks. */
async function copyReference(kind: 'pglite' | 'postgres', rows: string, url?: string): Promise<number> {
  const ddl = 'create table bench_codigos (like codigos_prestacion including all)';
  const copy = `copy bench_codigos (${COPY_COLUMNS}) from stdin with (format csv)`;
  if (kind === 'postgres') {
    const database = await createBenchDatabase('postgres', url);
    const client = new pg.Client({ connectionString: database.location });
    await client.connect();
    try {
      await client.query(ddl);
      const start = performance.now();
      await pipeline(Readable.from([rows]), client.query(copyFrom(copy)));
      return performance.now() - start;
    } finally {
      await client.end();
      await database.drop();
    }
  }
  const scratch = await openPglite(mkdtempSync(path.join(tmpdir(), 'rd-copy-')));
  try {
    await migrate(scratch.db);
    const client = (
      scratch.db as unknown as {
        $client: {
          exec(q: string): Promise<unknown>;
          query(q: string, p: unknown[], o: { blob: Blob }): Promise<unknown>;
        };
      }
    ).$client;
    await client.exec(ddl);
    const start = performance.now();
    await client.query(copy.replace('from stdin', "from '/dev/blob'"), [], { blob: new Blob([rows]) });
    return performance.now() - start;
  } finally {
    await scratch.close();
  }
}

async function post(url: string, token: string, pathname: string, body: object) {
  const res = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number };
}

async function importCodes(url: string, token: string, file: string, expected: number) {
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'nomenclador.csv');
  const start = performance.now();
  const res = await fetch(`${url}/api/nomenclador/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const ms = performance.now() - start;
  const body = (await res.json()) as { count: number };
  if (res.status !== 201 || body.count !== expected)
    throw new Error(`import: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return ms;
}

/**
 * One plan of TARGETS targets (codes, ten groups, the ten chapters), each
 * with a version per year for YEARS years, written straight to the table.
 */
async function seedRules(url: string, token: string) {
  const os = await post(url, token, '/api/obra-sociales', { nombre: 'OSDE', telefono: [], mail: [] });
  const plan = await post(url, token, '/api/planes', {
    obraSocialId: os.id,
    codigo: '210',
    nombre: 'Plan 210',
  });
  const codigos = TARGETS - 20;
  for (let g = 0; g < 10; g++)
    await post(url, token, '/api/nomenclador/grupos', {
      nombre: `Grupo ${g}`,
      codigos: [`0${(g % 9) + 1}.00.0${g % 10}`],
    });
  return { planId: plan.id, codigos };
}

const RULES_SQL = (planId: number, codigos: number, years: number) => `
  insert into reglas (plan_id, codigo_id, grupo_id, capitulo, cubre, cobertura_pct, coseguro_importe,
    requiere_autorizacion, adjuntos, frecuencia, periodo_dias, ambito, edad_min, edad_max, carencia_dias,
    tope_mensual, garantia_meses, vigente_desde, vigente_hasta)
  select ${planId}, t.codigo_id, t.grupo_id, t.capitulo, true, 80 + (y % 3) * 10, 150000 + y * 10000,
    t.n % 7 = 0, case when t.n % 5 = 0 then array['rx_pre','rx_post'] else '{}' end, 1 + t.n % 2, 180 + y,
    'afiliado', case when t.n % 11 = 0 then 10 end, case when t.n % 11 = 0 then 18 end, 60, 4, 24,
    make_date(2021 + y, 1, 1), case when y < ${years} then make_date(2021 + y, 12, 31) end
  from (
    select row_number() over (order by id) as n, id as codigo_id, null::int as grupo_id, null::text as capitulo
      from (select id from codigos_prestacion order by codigo limit ${codigos}) c
    union all
    select 1000 + row_number() over (order by id), null, id, null from grupos_codigos
    union all
    select 2000 + k, null, null, lpad(k::text, 2, '0') from generate_series(1, 10) k
  ) t cross join generate_series(1, ${years}) y`;

async function rulesLoad(kind: 'pglite' | 'postgres', url: string | undefined, codesFile: string) {
  const database = await createBenchDatabase(kind, url);
  const server = await startBenchServer(database.serverEnv);
  const agent = new Agent({ connections: 16 });
  try {
    const token = await login(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    await importCodes(server.url, token, codesFile, CODES);
    const { planId, codigos } = await seedRules(server.url, token);
    await server.close();
    // The rules go in with the server stopped: a PGlite directory takes one process at a time.
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: database.location });
      await client.connect();
      await client.query(RULES_SQL(planId, codigos, YEARS));
      await client.query('analyze');
      await client.end();
    } else {
      const db = await openPglite(pgliteDir(database.location));
      await (db.db as unknown as { $client: { exec(q: string): Promise<unknown> } }).$client.exec(
        `${RULES_SQL(planId, codigos, YEARS)}; analyze;`,
      );
      await db.close();
    }
    const again = await startBenchServer(database.serverEnv);
    try {
      const token2 = await login(again.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
      const fecha = `${2020 + YEARS}-06-15`;
      const reglas = async () => {
        const res = await request(`${again.url}/api/planes/${planId}/reglas?fecha=${fecha}`, {
          headers: { authorization: `Bearer ${token2}` },
          dispatcher: agent,
        });
        const body = (await res.body.json()) as unknown[];
        return res.statusCode === 200 && body.length === TARGETS;
      };
      // The floors: the server answering with no session, and a signed-in request's own cost (the
      // session is checked against the database on every request).
      const get = (pathname: string, auth: boolean) => async () => {
        const res = await request(`${again.url}${pathname}`, {
          headers: auth ? { authorization: `Bearer ${token2}` } : {},
          dispatcher: agent,
        });
        await res.body.dump();
        return res.statusCode === 200;
      };
      await runOpenLoop({ ratePerSecond: RATE, durationMs: WARMUP_MS, task: reglas });
      const floor = await runOpenLoop({
        ratePerSecond: RATE,
        durationMs: DURATION_MS,
        task: get('/api/health', false),
      });
      const signedIn = await runOpenLoop({
        ratePerSecond: RATE,
        durationMs: DURATION_MS,
        task: get('/api/user/me', true),
      });
      const steady = await runOpenLoop({ ratePerSecond: RATE, durationMs: DURATION_MS, task: reglas });
      const met = steady.errors === 0 && steady.p99 <= GOALS.p99Ms;
      console.log(`    ${kind.padEnd(9)} ${formatLoad('GET /api/health (no session)', floor)}`);
      console.log(`    ${kind.padEnd(9)} ${formatLoad('GET /api/user/me (signed in)', signedIn)}`);
      console.log(
        `    ${kind.padEnd(9)} ${formatLoad(`GET …/reglas?fecha (${TARGETS} in force)`, steady)}   goal p99 ≤ ${GOALS.p99Ms} ms: ${verdict(met)}`,
      );
      await again.close();
      // What validation at the chair will call, in its own process: the rules of the plan on the day.
      const database2 =
        kind === 'postgres'
          ? openPostgres(database.location, 4)
          : await openPglite(pgliteDir(database.location));
      try {
        const direct = async () => (await reglasEnVigor(database2.db, planId, fecha))?.length === TARGETS;
        await runOpenLoop({ ratePerSecond: RATE, durationMs: WARMUP_MS, task: direct });
        const inProcess = await runOpenLoop({ ratePerSecond: RATE, durationMs: DURATION_MS, task: direct });
        const directMet = inProcess.errors === 0 && inProcess.p99 <= GOALS.p99Ms;
        console.log(
          `    ${kind.padEnd(9)} ${formatLoad('reglasEnVigor() in process', inProcess)}   goal p99 ≤ ${GOALS.p99Ms} ms: ${verdict(directMet)}`,
        );
        return met || directMet;
      } finally {
        await database2.close();
      }
    } finally {
      await again.close();
    }
  } finally {
    await agent.close();
    await database.drop();
  }
}

export async function runNomencladorBenchmark() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-nomenclador-'));
  const table = codeTable(CODES, 5);
  const files = { measured: path.join(dir, 'nomenclador.csv'), warmup: path.join(dir, 'warmup.csv') };
  writeFileSync(files.measured, table.csv, 'latin1');
  const warmup = codeTable(500, 9);
  writeFileSync(files.warmup, warmup.csv, 'latin1');
  console.log(
    `\nNomenclador: import of ${CODES.toLocaleString('es-AR')} codes (Latin-1, ;) beside a COPY of the same rows into an indexed copy of the table, ${ROUNDS} rounds per engine; then one plan's rules in force on a day (${TARGETS} targets × ${YEARS} yearly versions) at ${RATE} req/s for ${DURATION_MS / 1000} s`,
  );
  const url = await postgresUrl();
  const engines: ('pglite' | 'postgres')[] = url ? ['pglite', 'postgres'] : ['pglite'];
  if (!url) console.log('  (no PostgreSQL reachable: PGlite only)');
  let allMet = true;
  for (const kind of engines) {
    const api: number[] = [];
    const reference: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const database = await createBenchDatabase(kind, url);
      const server = await startBenchServer(database.serverEnv);
      try {
        const token = await login(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
        // The same 500 codes' table first, so both sides start warm.
        await importCodes(server.url, token, files.warmup, 500);
        api.push(await importCodes(server.url, token, files.measured, CODES));
      } finally {
        await server.close();
        await database.drop();
      }
      reference.push(await copyReference(kind, table.copy, url));
      console.log(
        `    ${kind.padEnd(9)} round ${round}: API ${seconds(api.at(-1)!)} | COPY ${seconds(reference.at(-1)!)} (${(api.at(-1)! / reference.at(-1)!).toFixed(1)}×)`,
      );
    }
    const met = median(api) <= GOALS.importSeconds * 1000;
    allMet &&= met;
    console.log(
      `    ${kind.padEnd(9)} median: API ${seconds(median(api))} (goal ≤ ${GOALS.importSeconds} s: ${verdict(met)}) | COPY ${seconds(median(reference))} | ratio ${(median(api) / median(reference)).toFixed(1)}×`,
    );
  }
  for (const kind of engines) allMet = (await rulesLoad(kind, url, files.measured)) && allMet;
  return allMet;
}
