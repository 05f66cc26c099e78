import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PERMISSIONS } from '@red-dental/contracts';
import { type GeneratedAfiliado, generateAfiliados, seededRandom } from '@red-dental/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Agent, request } from 'undici';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { searchKey } from '../src/lib/text.ts';
import { findPaginated } from '../src/modules/afiliados/afiliados.service.ts';
import type { Subject } from '../src/plugins/auth.ts';
import { BENCH_ADMIN, createBenchDatabase, existingDatabase, postgresUrl } from './lib/databases.ts';
import { formatLoad, runLoad } from './lib/load.ts';
import { login, startBenchServer } from './lib/server.ts';

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
const CONCURRENCY = 50;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 3000;
/**
 * Connections per side (API and bare pg alike): the PostgreSQL wiki's sizing rule, cores × 2 + 1. More
 * backends than that only queue on the cores they share with the API and the load generator.
 */
const POOL = Number(process.env.BENCH_POOL ?? availableParallelism() * 2 + 1);
const OBRAS_SOCIALES = [
  'OSDE',
  'Swiss Medical',
  'Galeno',
  'OSECAC',
  'IOMA',
  'Medifé',
  'Omint',
  'Sancor Salud',
];

const tsv = (v: string | null) => (v === null ? '\\N' : v.replace(/[\\\t\n]/g, ' '));

/** Every 997th generated affiliate: where the query mixes come from. */
function sampleOf(rows: number) {
  const sample: GeneratedAfiliado[] = [];
  let i = 0;
  for (const a of generateAfiliados(rows, { seed: 11 }))
    if (i++ % 997 === 0 && sample.length < 5000) sample.push(a);
  return sample;
}

/** Loads the affiliates with COPY (what a migration of real data would do), then VACUUM ANALYZE. */
async function populate(url: string) {
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
    for (const a of generateAfiliados(ROWS, { seed: 11 })) {
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
}

/** The two query mixes of the benchmark, from the generated data. */
function buildMixes(sample: GeneratedAfiliado[]) {
  const random = seededRandom(5);
  const pick = () => sample[Math.floor(random() * sample.length)]!;
  const documentos = Array.from({ length: 400 }, () => {
    const doc = pick().documento;
    return doc.slice(0, 4 + Math.floor(random() * 5));
  });
  const nombres = Array.from({ length: 400 }, () => {
    const a = pick();
    return `${a.apellido} ${a.primerNombre}`.toLowerCase();
  });
  return { documentos, nombres };
}

interface CapturedQuery {
  /** The statement name, when the API sends it as a named (prepared) statement. */
  name?: string;
  text: string;
  params: unknown[];
}

/**
 * The exact statements the API sends for each search, captured at the driver
 * while the API's own service code runs once, to be replayed straight through
 * `pg` (named statements stay named, so both sides prepare them alike).
 */
async function captureQueries(url: string, searches: string[]): Promise<CapturedQuery[][]> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let current: CapturedQuery[] = [];
  const send = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  (pool as unknown as { query: typeof send }).query = (config, values) => {
    const { name, text } = config as { name?: string; text: string };
    current.push({ name, text, params: (values ?? []) as unknown[] });
    return send(config, values);
  };
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const staff: Subject = {
    id: 0,
    email: 'bench',
    status: 'active',
    tokenVersion: 0,
    permissions: new Set([PERMISSIONS.AFILIADOS_GET, PERMISSIONS.AFILIADOS_CREATE]),
  };
  const out: CapturedQuery[][] = [];
  for (const search of searches) {
    current = [];
    await findPaginated({ db } as never, staff, { pageIndex: 0, pageSize: 10, search });
    out.push(current);
  }
  await pool.end();
  return out;
}

const scanNodes = (plan: string) => [
  ...new Set(
    [
      ...plan.matchAll(
        /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)? (?:using (\S+) )?on (\S+)/g,
      ),
    ].map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ''} on ${m[3]}`),
  ),
];

/**
 * Every captured query's plan, checked for sequential scans of afiliados. Named
 * statements are shown with their generic plan too, the one PostgreSQL may
 * settle on after a few runs of a prepared statement.
 */
async function explainAll(url: string, label: string, captured: CapturedQuery[][]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const shapes = new Map<string, CapturedQuery>();
  for (const group of captured)
    for (const q of group) if (!q.text.startsWith('explain')) shapes.set(q.text, q);
  const plans = async (text: string, values: unknown[]) => {
    const { rows } = await client.query({ text, values });
    return scanNodes(rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n'));
  };
  for (const q of shapes.values()) {
    const lines = [['', await plans(`explain ${q.text}`, q.params)]] as [string, string[]][];
    if (q.name) {
      await client.query({ name: q.name, text: q.text, values: q.params });
      await client.query('set plan_cache_mode = force_generic_plan');
      const literal = (v: unknown): string =>
        Array.isArray(v)
          ? client.escapeLiteral(`{${v.map((x) => `"${String(x).replace(/["\\]/g, '\\$&')}"`).join(',')}}`)
          : typeof v === 'number'
            ? String(v)
            : client.escapeLiteral(String(v));
      const args = q.params.map(literal).join(', ');
      lines.push([' (generic plan)', await plans(`explain execute "${q.name}"(${args})`, [])]);
      await client.query('reset plan_cache_mode');
    }
    for (const [kind, nodes] of lines) {
      const seq = nodes.some((n) => n.startsWith('Seq Scan') && n.endsWith(' afiliados'));
      console.log(`    EXPLAIN ${label}${kind}: ${nodes.join(', ')}${seq ? '   <-- SEQUENTIAL SCAN' : ''}`);
    }
  }
  await client.end();
}

export async function runSearchBenchmark() {
  const url = await postgresUrl();
  console.log(
    `\nAffiliate search over ${ROWS.toLocaleString('es-AR')} affiliates, ${CONCURRENCY} concurrent clients, ${POOL} database connections per side, ${DURATION_MS / 1000} s per run`,
  );
  if (!url) {
    console.log('  skipped: no PostgreSQL reachable (set BENCH_DATABASE_URL)');
    return;
  }
  const t0 = performance.now();
  // BENCH_SEARCH_DATABASE_URL reuses a database an earlier run kept (BENCH_KEEP_DATABASE=1), to iterate faster.
  const database = process.env.BENCH_SEARCH_DATABASE_URL
    ? existingDatabase(process.env.BENCH_SEARCH_DATABASE_URL)
    : await createBenchDatabase('postgres', url, async () => {});
  if (!process.env.BENCH_SEARCH_DATABASE_URL) {
    await populate(database.location);
    console.log(`  loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const mixes = buildMixes(sampleOf(ROWS));
  const server = await startBenchServer({ ...database.serverEnv, DATABASE_POOL_SIZE: String(POOL) });
  const bare = new pg.Pool({ connectionString: database.location, max: POOL });
  // undici's own client, one keep-alive connection per simulated client: lighter than fetch, so the
  // load generator, which shares the cores with the API, takes less from it.
  const agent = new Agent({ connections: CONCURRENCY });
  try {
    const token = await login(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const headers = { authorization: `Bearer ${token}` };
    const apiSearch = async (search: string) => {
      const res = await request(
        `${server.url}/api/afiliados/paginated?pageIndex=0&pageSize=10&search=${encodeURIComponent(search)}`,
        { headers, dispatcher: agent },
      );
      await res.body.arrayBuffer();
      return res.statusCode === 200;
    };
    const bareRates: [string, number][] = [];
    for (const [label, searches] of [
      ['document prefix (4–8 digits)', mixes.documentos],
      ['name (apellido nombre)', mixes.nombres],
    ] as const) {
      const captured = await captureQueries(database.location, searches);
      await explainAll(database.location, label, captured);
      const api = await runLoad({
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        task: (client, i) => apiSearch(searches[(client * 7919 + i) % searches.length]!),
      });
      const direct = await runLoad({
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        task: async (client, i) => {
          const queries = captured[(client * 7919 + i) % captured.length]!;
          // Like the API: the page query alongside the count (and, for huge matches, its estimate after it).
          const [page, ...count] = queries;
          await Promise.all([
            bare.query({ name: page!.name, text: page!.text, values: page!.params }),
            (async () => {
              for (const q of count) await bare.query({ name: q.name, text: q.text, values: q.params });
            })(),
          ]);
          return true;
        },
      });
      console.log(`  ${formatLoad(`API, ${label}`, api)}`);
      console.log(`  ${formatLoad(`bare pg, ${label}`, direct)}`);
      console.log(
        `    API/bare throughput ${((100 * api.rps) / direct.rps).toFixed(0)} % (goal ≥ 70 %), p99 ratio ${(api.p99 / direct.p99).toFixed(2)}× (goal ≤ 1.5×)` +
          (label.startsWith('name') ? `, name p99 ${api.p99.toFixed(1)} ms (goal < 100 ms)` : ''),
      );
      bareRates.push([label, direct.rps]);
    }
    // The same path with a query that costs next to nothing (one index probe, no row): what HTTP, the
    // token check and the per-request subject read alone allow on this machine.
    const ceiling = await runLoad({
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
      task: () => apiSearch('99999999'),
    });
    console.log(`  ${formatLoad('API, a document with no match', ceiling)}`);
    console.log('    ceiling: HTTP, token check, subject read and one index probe, no rows');
    // On shared cores an API request costs about the ceiling's path plus the query itself, so the two
    // rates combine like resistances in parallel (the probe counted twice makes this a slight underestimate).
    for (const [label, bareRps] of bareRates) {
      const model = 1 / (1 / ceiling.rps + 1 / bareRps);
      console.log(
        `    model for ${label}: ceiling's path + the bare query on the same cores = ${model.toFixed(0)} req/s, ${((100 * model) / bareRps).toFixed(0)} % of bare`,
      );
    }
  } finally {
    await bare.end();
    await agent.close();
    await server.close();
    if (process.env.BENCH_KEEP_DATABASE) console.log(`  kept ${database.location}`);
    else if (!process.env.BENCH_SEARCH_DATABASE_URL) await database.drop();
  }
}
