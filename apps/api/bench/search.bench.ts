import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { Agent, request } from 'undici';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { findPaginated } from '../src/modules/afiliados/afiliados.service.ts';
import { findSubject } from '../src/plugins/auth.repository.ts';
import type { Subject } from '../src/plugins/auth.ts';
import { CONCURRENCY, DURATION_MS, envNumber, POOL } from './lib/config.ts';
import { BENCH_ADMIN, createBenchDatabase, existingDatabase, postgresUrl } from './lib/databases.ts';
import { cpuMeter, formatLoad, measureLoad, runOpenLoop } from './lib/load.ts';
import { verdict } from './lib/report.ts';
import { buildMixes, copyAfiliados, sampleOf } from './lib/seed.ts';
import { login, startBenchServer, startJsonServer } from './lib/server.ts';

const ROWS = envNumber('BENCH_SEARCH_ROWS', 1_000_000);
/** The targets: the API at ≥ 85 % of the design limit L, name p99 < 100 ms at 50 clients, p99 < 25 ms at a steady 200 req/s. */
const GOALS = { shareOfLimit: 0.85, nameP99Ms: 100, steadyP99Ms: 25, cpuRatio: 1.5 };
/** Arrivals per second of the open-loop run, far above a network's real peak. */
const STEADY_RATE = envNumber('BENCH_SEARCH_RATE', 200);
/**
 * Connections per side (API and bare pg alike): the PostgreSQL wiki's sizing rule, cores × 2 + 1. More
 * backends than that only queue on the cores they share with the API and the load generator.
 */

interface CapturedQuery {
  /** The query config as the API's driver call had it: text, and name and rowMode when set. */
  config: { name?: string; text: string; rowMode?: string };
  params: unknown[];
}

/**
 * The exact statements one API search request sends, captured at the driver
 * while the API's own code runs: the subject read of the auth plugin (the
 * same for every request of the bench administrator), then the search's,
 * once for each search. Replayed straight through `pg` (named statements stay
 * named, so both sides prepare them alike).
 */
async function captureQueries(url: string, searches: string[]) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let current: CapturedQuery[] = [];
  const send = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  (pool as unknown as { query: typeof send }).query = (config, values) => {
    const { name, text, rowMode } = config as CapturedQuery['config'];
    current.push({ config: { name, text, rowMode }, params: (values ?? []) as unknown[] });
    return send(config, values);
  };
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const { rows } = await pool.query<{ id: number; session: string }>(
    `select u.id, s.id as session from users u join user_sessions s on s.user_id = u.id
      where u.email = $1 order by s.created_at desc limit 1`,
    [BENCH_ADMIN.email],
  );
  current = [];
  const row = await findSubject(db, rows[0]!.id, rows[0]!.session);
  const [subject] = current;
  if (!row?.sessionUsedAt || current.length !== 1) throw new Error('the subject read was not captured');
  const staff: Subject = {
    ...row,
    address: '127.0.0.1',
    sessionId: rows[0]!.session,
  };
  const out: CapturedQuery[][] = [];
  for (const search of searches) {
    current = [];
    await findPaginated({ db } as never, staff, { pageIndex: 0, pageSize: 10, search });
    out.push(current);
  }
  await pool.end();
  return { subject: subject!, searches: out };
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
    for (const q of group) if (!q.config.text.startsWith('explain')) shapes.set(q.config.text, q);
  const plans = async (text: string, values: unknown[]) => {
    const { rows } = await client.query({ text, values });
    return scanNodes(rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n'));
  };
  for (const { config, params } of shapes.values()) {
    const q = { name: config.name, text: config.text, params };
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

/** The measured run, with the milliseconds of CPU each request cost the server and the load generator. */
async function measure(pid: number, task: (client: number, i: number) => Promise<boolean>) {
  const { result, cpu } = await measureLoad(pid, task);
  /** Milliseconds of CPU per request, from cores busy over the run's rate. */
  const perRequest = (cores: number) => (1000 * cores) / result.rps;
  return { result, cpu: cpu.text, serverMs: perRequest(cpu.server), benchMs: perRequest(cpu.bench) };
}

/**
 * Milliseconds of a server's CPU per request when it is asked at `rate` (open loop), not flat out: a
 * server at full tilt serves many requests per wake-up of its event loop, and so less CPU each.
 */
async function cpuAtRate(pid: number, rate: number, task: (i: number) => Promise<boolean>) {
  const meter = cpuMeter(pid);
  const result = await runOpenLoop({ ratePerSecond: rate, durationMs: DURATION_MS, task });
  return (1000 * meter.split().server) / result.rps;
}

const MIXES = [
  ['document prefix (4–8 digits)', 'documentos'],
  ['name (apellido nombre)', 'nombres'],
] as const;

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
    await copyAfiliados(database.location, ROWS);
    console.log(`  loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const mixes = buildMixes(sampleOf(ROWS));
  const server = await startBenchServer({ ...database.serverEnv, DATABASE_POOL_SIZE: String(POOL) });
  const bare = new pg.Pool({ connectionString: database.location, max: POOL });
  // undici's own client, one keep-alive connection per simulated client: lighter than fetch, so the
  // load generator, which shares the cores with the API, takes less from it.
  const agent = new Agent({ connections: CONCURRENCY });
  let jsonServer: Awaited<ReturnType<typeof startJsonServer>> | undefined;
  const summary: string[] = [];
  try {
    const token = await login(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const headers = { authorization: `Bearer ${token}` };
    /** One search as the staff screen sends it, to the API or to the empty route; the body as text. */
    const search = async (base: string, text: string) => {
      const res = await request(
        `${base}/api/afiliados/paginated?pageIndex=0&pageSize=10&search=${encodeURIComponent(text)}`,
        { headers, dispatcher: agent },
      );
      const body = await res.body.text();
      return { ok: res.statusCode === 200, body };
    };

    // R_http's answers: the API's own, search by search, so the empty route sends the same bytes.
    const answers: Record<string, unknown> = {};
    for (const [, key] of MIXES)
      for (const text of mixes[key]) {
        const answer = await search(server.url, text);
        if (!answer.ok) throw new Error(`search "${text}" failed: ${answer.body.slice(0, 200)}`);
        answers[text] = JSON.parse(answer.body);
      }
    const answersFile = path.join(mkdtempSync(path.join(tmpdir(), 'rd-search-')), 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    jsonServer = await startJsonServer(answersFile);
    const sizes = Object.values(answers).map((a) => JSON.stringify(a).length);
    console.log(
      `  R_http: an empty Fastify route in its own process answering each search with the API's JSON for it (${(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024).toFixed(1)} kB on average)`,
    );
    console.log(
      '  R_sql: the subject read of the auth plugin, then the search statements, as the API sends them, through pg on a pool of the same size',
    );

    for (const [label, key] of MIXES) {
      const searches = mixes[key];
      const pickSearch = (client: number, i: number) => (client * 7919 + i) % searches.length;
      const captured = await captureQueries(database.location, searches);
      await explainAll(database.location, label, [[captured.subject], ...captured.searches]);
      const { subject } = captured;
      const api = await measure(
        server.pid,
        async (client, i) => (await search(server.url, searches[pickSearch(client, i)]!)).ok,
      );
      const http = await measure(
        jsonServer.pid,
        async (client, i) => (await search(jsonServer!.url, searches[pickSearch(client, i)]!)).ok,
      );
      const sql = await measure(server.pid, async (client, i) => {
        // As the API: the subject first, then the search; past the count cap, its page and estimate together.
        const [first, ...rest] = captured.searches[pickSearch(client, i)]!;
        await bare.query(subject.config, subject.params);
        await bare.query(first!.config, first!.params);
        await Promise.all(rest.map((q) => bare.query(q.config, q.params)));
        return true;
      });
      const steady = await runOpenLoop({
        ratePerSecond: STEADY_RATE,
        durationMs: DURATION_MS,
        task: async (i) => (await search(server.url, searches[i % searches.length]!)).ok,
      });
      const limit = 1 / (1 / http.result.rps + 1 / sql.result.rps);
      const share = api.result.rps / limit;
      console.log(`  ${label}`);
      for (const [name, run] of [
        ['API', api],
        ['R_http, empty route, same JSON', http],
        ['R_sql, same statements through pg', sql],
      ] as const) {
        console.log(`    ${formatLoad(name, run.result)}`);
        console.log(`      ${run.cpu}`);
      }
      const shareMet = share >= GOALS.shareOfLimit && api.result.errors === 0;
      // The same requests' CPU in each process, which other work on shared cores disturbs less than
      // the rates: the API's server against what the empty route's server and the pg client (in the
      // bench process, beside the load loop) spend on theirs. The empty route is measured twice: flat
      // out (thousands of requests a second, many per wake-up) and asked at the API's own rate.
      const httpAtApiRate = await cpuAtRate(
        jsonServer.pid,
        api.result.rps,
        async (i) => (await search(jsonServer!.url, searches[i % searches.length]!)).ok,
      );
      const ratio = api.serverMs / (http.serverMs + sql.benchMs);
      const ratioAtRate = api.serverMs / (httpAtApiRate + sql.benchMs);
      console.log(
        `    CPU per request: API server ${api.serverMs.toFixed(3)} ms; empty route's server ${http.serverMs.toFixed(3)} ms flat out, ${httpAtApiRate.toFixed(3)} ms at the API's ${api.result.rps.toFixed(0)} req/s; pg client and load loop in R_sql ${sql.benchMs.toFixed(3)} ms`,
      );
      const ratioMet = ratio <= GOALS.cpuRatio;
      console.log(
        `    API server CPU / (empty route flat out + pg client) = ${ratio.toFixed(2)} (goal ≤ ${GOALS.cpuRatio}): ${verdict(ratioMet)}; with the empty route at the API's rate ${ratioAtRate.toFixed(2)}`,
      );
      summary.push(
        `${`${label}, CPU / (empty route + pg)`.padEnd(46)} ${ratio.toFixed(2).padStart(9)}   (${ratioAtRate.toFixed(2)} with the route at the API's rate)   goal ≤ ${GOALS.cpuRatio}: ${verdict(ratioMet)}`,
      );
      console.log(
        `    design limit L = 1 / (1/R_http + 1/R_sql) = ${limit.toFixed(0)} req/s; the API reaches ${(100 * share).toFixed(0)} % of it (goal ≥ ${100 * GOALS.shareOfLimit} %): ${verdict(shareMet)}`,
      );
      summary.push(
        `${`${label}, API / L`.padEnd(46)} ${`${(100 * share).toFixed(0)} %`.padStart(9)}   (${api.result.rps.toFixed(0)} of ${limit.toFixed(0)} req/s)   goal ≥ ${100 * GOALS.shareOfLimit} %: ${verdict(shareMet)}`,
      );
      if (key === 'nombres') {
        const met = api.result.p99 < GOALS.nameP99Ms && api.result.errors === 0;
        console.log(
          `    name search p99 at ${CONCURRENCY} clients ${api.result.p99.toFixed(1)} ms (goal < ${GOALS.nameP99Ms} ms): ${verdict(met)}`,
        );
        summary.push(
          `${`${label}, p99 at ${CONCURRENCY} clients`.padEnd(46)} ${`${api.result.p99.toFixed(1)} ms`.padStart(9)}   goal < ${GOALS.nameP99Ms} ms: ${verdict(met)}`,
        );
      }
      const steadyMet = steady.p99 < GOALS.steadyP99Ms && steady.errors === 0;
      console.log(`    ${formatLoad(`API, steady ${STEADY_RATE} req/s (open loop)`, steady)}`);
      console.log(
        `    p99 at a steady ${STEADY_RATE} req/s ${steady.p99.toFixed(1)} ms (goal < ${GOALS.steadyP99Ms} ms): ${verdict(steadyMet)}`,
      );
      summary.push(
        `${`${label}, p99 at ${STEADY_RATE} req/s`.padEnd(46)} ${`${steady.p99.toFixed(1)} ms`.padStart(9)}   goal < ${GOALS.steadyP99Ms} ms: ${verdict(steadyMet)}`,
      );
    }
    console.log('  Summary');
    for (const line of summary) console.log(`    ${line}`);
  } finally {
    await bare.end();
    await agent.close();
    await jsonServer?.close();
    await server.close();
    if (process.env.BENCH_KEEP_DATABASE) console.log(`  kept ${database.location}`);
    else if (!process.env.BENCH_SEARCH_DATABASE_URL) await database.drop();
  }
}
