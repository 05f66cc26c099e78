import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditoriaFilter,
  type AuditoriaQuery,
} from '@red-dental/contracts';
import { seededRandom, weightedPicker } from '@red-dental/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import pino from 'pino';
import { Agent, request } from 'undici';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { listAuditoria, resolveAuditFilter } from '../src/modules/auditoria/auditoria.service.ts';
import * as repo from '../src/modules/auditoria/auditoria-query.repository.ts';
import { AUDIT_DAYS, type AuditLog, describeAuditLog, loadAuditLog } from './lib/audit-seed.ts';
import { DURATION_MS, envNumber, POOL, WARMUP_MS } from './lib/config.ts';
import { BENCH_ADMIN, createBenchDatabase, existingDatabase, postgresUrl } from './lib/databases.ts';
import { formatLoad, runOpenLoop } from './lib/load.ts';
import { verdict } from './lib/report.ts';
import { login, rssMb, startBenchServer } from './lib/server.ts';

const ROWS = envNumber('BENCH_AUDIT_ROWS', 10_000_000);
/** Arrivals per second of the steady run: far above what a network's auditors send. */
const RATE = envNumber('BENCH_AUDIT_RATE', 50);
/** About how many rows the export's date range matches (all of them when the log is smaller). */
const EXPORT_ROWS = envNumber('BENCH_AUDIT_EXPORT_ROWS', 1_000_000);
const GOALS = { steadyP99Ms: 50, exportRssGrowthMb: 100 };
const ZONE = 'America/Argentina/Buenos_Aires';

/** The screen's filters as query parameters: actor, accion, entidad, documento, desde, hasta. */
type Filter = Record<string, string>;

/** The Buenos Aires day `daysBefore` days before `end`, as the filters take it (YYYY-MM-DD). */
const day = (end: Date, daysBefore: number) =>
  new Date(end.getTime() - daysBefore * 86_400_000).toLocaleDateString('sv-SE', { timeZone: ZONE });

/** One week (seven Buenos Aires days) ending `daysBefore` days before the log's end. */
const week = (log: AuditLog, daysBefore: number) => ({
  desde: day(log.end, daysBefore + 6),
  hasta: day(log.end, daysBefore),
});

/** Each filter shape with the hardest values the log has: the busiest accounts, the rarest action. */
function planCases(log: AuditLog): [string, Filter][] {
  const staff = log.actors.find((a) => a.staff)!;
  const withRecord = log.documentos.find((d) => d.afiliado)!.documento;
  const withoutRecord = log.documentos.find((d) => !d.afiliado)!.documento;
  return [
    ['none', {}],
    ['accion=consult (55 % of rows)', { accion: 'consult' }],
    ['accion=delete (0.3 %)', { accion: 'delete' }],
    ['entidad=profesional', { entidad: 'profesional' }],
    ['actor=busiest staff e-mail', { actor: staff.email }],
    ['actor=surname (~10 accounts)', { actor: staff.apellido }],
    ['documento with a record', { documento: withRecord }],
    ['documento without a record', { documento: withoutRecord }],
    ['desde+hasta, a week a year ago', week(log, 365)],
    ['accion=update + a week', { accion: 'update', ...week(log, 100) }],
    ['actor=busiest staff + accion=delete', { actor: staff.email, accion: 'delete' }],
    ['actor=staff + accion=consult (none: only dentists check)', { actor: staff.email, accion: 'consult' }],
    ['actor=busiest dentist + accion=consult', { actor: log.actors[0]!.email, accion: 'consult' }],
  ];
}

/** The mix of the steady run: each shape equally often, its values drawn at random. */
function loadMix(log: AuditLog, random: () => number) {
  const any = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const actor = () => {
    const a = any(log.actors);
    return random() < 0.75 ? a.email : a.apellido;
  };
  const aWeek = () => week(log, Math.floor(random() * (AUDIT_DAYS - 7)));
  const shapes: [string, () => Filter][] = [
    ['none', () => ({})],
    ['accion', () => ({ accion: any(AUDIT_ACTIONS) })],
    ['entidad', () => ({ entidad: any(AUDIT_ENTITIES) })],
    ['actor', () => ({ actor: actor() })],
    ['documento', () => ({ documento: any(log.documentos).documento })],
    ['week', aWeek],
    ['accion+week', () => ({ accion: any(AUDIT_ACTIONS), ...aWeek() })],
    ['actor+accion', () => ({ actor: actor(), accion: any(AUDIT_ACTIONS) })],
  ];
  const page = weightedPicker(
    [{ value: 0, weight: 80 }, ...[1, 2, 3, 4, 5].map((value) => ({ value, weight: 4 }))],
    random,
  );
  return Array.from({ length: 2000 }, () => {
    const [shape, filter] = any(shapes);
    return { shape, query: new URLSearchParams({ pageIndex: String(page()), pageSize: '10', ...filter() }) };
  });
}

/** The list logs nothing the benchmark needs. */
const silentLog = pino({ level: 'silent' });

interface Captured {
  text: string;
  values: unknown[];
}

/** A Drizzle database on one connection that records every statement the repository sends. */
function capturingDb(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const captured: Captured[] = [];
  // Every statement goes through a client's query, the pool's own and a transaction's alike.
  pool.on('connect', (client) => {
    // The pool passes a callback as the last argument: it goes through untouched.
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: typeof query }).query = (...args) => {
      const [config, values] = args;
      const { text, values: inline } = (typeof config === 'string' ? { text: config } : config) as Captured;
      captured.push({ text, values: (Array.isArray(values) ? values : (inline ?? [])) as unknown[] });
      return query(...args);
    };
  });
  const send = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, pool, captured, send };
}

/** The screen's filters resolved as the list resolves them (undefined: no such actor). */
const resolveFilter = (db: Db, f: Filter) => resolveAuditFilter(db, f as AuditoriaFilter);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}

/** The plan's scans and sorts, outermost first: 'Index Scan Backward using audit_log_action_idx'. */
function describePlan(node: PlanNode, out: string[] = []): string[] {
  const type = node['Node Type'];
  if (/Scan|Sort|BitmapOr|BitmapAnd/.test(type) && type !== 'Subquery Scan') {
    const backward = node['Scan Direction'] === 'Backward' ? ' Backward' : '';
    const on = node['Index Name']
      ? ` using ${node['Index Name']}`
      : node['Relation Name']
        ? ` on ${node['Relation Name']}`
        : '';
    out.push(`${type}${backward}${on}`);
  }
  for (const child of node.Plans ?? []) describePlan(child, out);
  return out;
}

/** What a captured statement of the list is, for the printout. */
function kindOf(text: string) {
  if (text.startsWith('select u.id from users')) return 'actor';
  if (text.startsWith('select id from afiliados')) return 'doc  ';
  if (text.startsWith('with m as materialized')) return 'few  ';
  if (text.startsWith('explain')) return 'estim';
  if (text.startsWith('select count(*)')) return 'count';
  return 'page ';
}

/** The statements one GET /api/auditoria sends for `filter`, captured from the service itself. */
async function listStatements(
  captured: Captured[],
  db: Db,
  filter: Filter,
  page = { pageIndex: 0, pageSize: 10 },
) {
  captured.length = 0;
  await listAuditoria({ db, log: silentLog }, { ...filter, ...page } as AuditoriaQuery);
  return captured.splice(0, captured.length);
}

/**
 * The statements of each case, exactly as the list sends them, captured and run again under
 * EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) (the count's estimate is an EXPLAIN already, and is
 * not). Answers how many plans scan audit_log sequentially.
 */
async function explainCases(url: string, cases: [string, Filter][]) {
  const { db, pool, captured, send } = capturingDb(url);
  let seqScans = 0;
  let plans = 0;
  for (const [label, filter] of cases) {
    const statements = (await listStatements(captured, db, filter)).filter(
      (q) => !/^(explain|begin|commit)/.test(q.text),
    );
    console.log(`    ${label}`);
    let setting: string | undefined;
    for (const q of statements) {
      // A setting made for one statement is made for the session around its EXPLAIN.
      if (q.text.startsWith('set local ')) {
        setting = q.text.slice('set local '.length).split(/\s*=\s*/)[0];
        await send(q.text.replace('set local ', 'set '));
        continue;
      }
      const result = (await send(`explain (analyze, buffers, format json) ${q.text}`, q.values)) as {
        rows: { 'QUERY PLAN': [{ Plan: PlanNode & Record<string, number>; 'Execution Time': number }] }[];
      };
      const [{ Plan, 'Execution Time': time }] = result.rows[0]!['QUERY PLAN'];
      const nodes = describePlan(Plan);
      const seq = nodes.some((n) => n === 'Seq Scan on audit_log');
      seqScans += seq ? 1 : 0;
      plans += 1;
      const buffers = (Plan['Shared Hit Blocks'] ?? 0) + (Plan['Shared Read Blocks'] ?? 0);
      if (setting) await send(`reset ${setting}`);
      setting = undefined;
      console.log(
        `      ${kindOf(q.text)} ${`${time.toFixed(1)} ms`.padStart(9)} ${String(buffers).padStart(6)} buffers  ${nodes.join(' > ')}${seq ? '   <-- SEQUENTIAL SCAN: NOT MET' : ''}`,
      );
    }
  }
  await pool.end();
  return { seqScans, plans };
}

/** What each request of the mix sends, captured from the service's own calls. */
async function captureMix(url: string, mix: ReturnType<typeof loadMix>) {
  const { db, pool, captured } = capturingDb(url);
  const replays: Captured[][] = [];
  for (const { query } of mix) {
    const filter = Object.fromEntries([...query].filter(([k]) => k !== 'pageIndex' && k !== 'pageSize'));
    const page = { pageIndex: Number(query.get('pageIndex')), pageSize: Number(query.get('pageSize')) };
    replays.push(await listStatements(captured, db, filter, page));
  }
  await pool.end();
  return replays;
}

/** The mix's statements through a plain `pg` pool at the same steady rate: the database's share of each request. */
async function replayThroughPg(url: string, replays: Awaited<ReturnType<typeof captureMix>>) {
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  // In turn on one connection, as the list sends them (a transaction among them), but for the
  // ordered page, which goes beside the count (and its estimate) as in the list.
  const inTurn = async (statements: Captured[]) => {
    const client = await pool.connect();
    try {
      for (const q of statements) await client.query(q.text, q.values);
    } finally {
      client.release();
    }
  };
  const task = async (i: number) => {
    const statements = replays[i % replays.length]!;
    const page = statements.findIndex((q) => kindOf(q.text) === 'page ');
    if (page === -1) await inTurn(statements);
    else {
      await inTurn(statements.slice(0, page));
      await Promise.all([inTurn([statements[page]!]), inTurn(statements.slice(page + 1))]);
    }
    return true;
  };
  await runOpenLoop({ ratePerSecond: RATE, durationMs: WARMUP_MS, task });
  const result = await runOpenLoop({ ratePerSecond: RATE, durationMs: DURATION_MS, task });
  await pool.end();
  return result;
}

/**
 * The export's keyset SQL through plain pg: the repository's first batch and its continuation
 * are captured, then run in a loop on one client, each batch going on from the last row's
 * (cursor, id), the two parameters before the batch size.
 */
async function exportThroughPg(url: string, filter: Filter) {
  const { db, pool, captured } = capturingDb(url);
  const where = (await resolveFilter(db, filter))!;
  captured.length = 0;
  let batches = 0;
  for await (const _ of repo.eachBatch(db, where)) if (++batches === 2) break;
  await pool.end();
  const [first, next] = captured;
  if (!first || !next || next.values.length !== first.values.length + 2)
    throw new Error('the export batches were not captured as expected');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  let rows = 0;
  let query = first;
  while (true) {
    const result = await client.query<{ id: string; cursor: string }>(query.text, query.values);
    rows += result.rows.length;
    if (result.rows.length < Number(first.values.at(-1))) break;
    const last = result.rows.at(-1)!;
    const values = [...next.values];
    values.splice(-3, 2, last.cursor, last.id);
    query = { text: next.text, values };
  }
  const seconds = (performance.now() - t0) / 1000;
  await client.end();
  return { rows, seconds };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runAuditoriaBenchmark() {
  const url = await postgresUrl();
  console.log(
    `\nAudit log over ${ROWS.toLocaleString('es-AR')} rows: plans, GET /api/auditoria at a steady ${RATE} req/s for ${DURATION_MS / 1000} s, the CSV export's memory`,
  );
  if (!url) {
    console.log('  skipped: no PostgreSQL reachable (set BENCH_DATABASE_URL)');
    return;
  }
  // BENCH_AUDIT_DATABASE_URL reuses a database an earlier run kept (BENCH_KEEP_DATABASE=1).
  const reuse = process.env.BENCH_AUDIT_DATABASE_URL;
  const database = reuse
    ? existingDatabase(reuse)
    : await createBenchDatabase('postgres', url, async () => {});
  let closeServer = async () => {};
  const agent = new Agent({ connections: 64 });
  try {
    let log: AuditLog;
    if (reuse) {
      const client = new pg.Client({ connectionString: reuse });
      await client.connect();
      log = await describeAuditLog(client);
      await client.end();
    } else {
      const loaded = await loadAuditLog(database.location, ROWS);
      log = loaded.log;
      console.log(`  loaded in ${loaded.seconds.toFixed(0)} s (${loaded.text})`);
    }
    const summary: string[] = [];
    const server = await startBenchServer({ ...database.serverEnv, DATABASE_POOL_SIZE: String(POOL) });
    closeServer = () => server.close();
    console.log(
      '  Plans of the statements each list request sends (EXPLAIN ANALYZE, run once each; time, buffers, nodes)',
    );
    const plans = await explainCases(database.location, planCases(log));
    const plansMet = plans.seqScans === 0;
    summary.push(
      `${'plans with a Seq Scan on audit_log'.padEnd(46)} ${`${plans.seqScans} of ${plans.plans}`.padStart(9)}   goal 0: ${verdict(plansMet)}`,
    );

    const token = await login(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const headers = { authorization: `Bearer ${token}` };
    const mix = loadMix(log, seededRandom(17));
    const byShape = new Map<string, number[]>();
    const task = async (i: number) => {
      const { shape, query } = mix[i % mix.length]!;
      const t0 = performance.now();
      const res = await request(`${server.url}/api/auditoria?${query}`, { headers, dispatcher: agent });
      await res.body.text();
      const times = byShape.get(shape) ?? [];
      byShape.set(shape, times);
      times.push(performance.now() - t0);
      return res.statusCode === 200;
    };
    // A warm-up at the same rate, not counted: the JIT, the pool, the caches.
    await runOpenLoop({ ratePerSecond: RATE, durationMs: WARMUP_MS, task });
    byShape.clear();
    const steady = await runOpenLoop({ ratePerSecond: RATE, durationMs: DURATION_MS, task });
    console.log(`  ${formatLoad(`GET /api/auditoria, ${RATE} req/s (open loop)`, steady)}`);
    for (const [shape, times] of [...byShape].sort(([a], [b]) => a.localeCompare(b))) {
      times.sort((a, b) => a - b);
      console.log(
        `    ${shape.padEnd(14)} ${String(times.length).padStart(4)} requests   p50 ${pct(times, 0.5).toFixed(1).padStart(6)} ms   p99 ${pct(times, 0.99).toFixed(1).padStart(6)} ms   max ${times.at(-1)!.toFixed(1).padStart(6)} ms`,
      );
    }
    const bareLoad = await replayThroughPg(database.location, await captureMix(database.location, mix));
    console.log(`  ${formatLoad('reference: the same SQL through pg', bareLoad)}`);
    const steadyMet = steady.p99 < GOALS.steadyP99Ms && steady.errors === 0;
    console.log(
      `    p99 at a steady ${RATE} req/s ${steady.p99.toFixed(1)} ms (goal < ${GOALS.steadyP99Ms} ms): ${verdict(steadyMet)}`,
    );
    summary.push(
      `${`p99 at a steady ${RATE} req/s`.padEnd(46)} ${`${steady.p99.toFixed(1)} ms`.padStart(9)}   goal < ${GOALS.steadyP99Ms} ms: ${verdict(steadyMet)}`,
      `${'  the same SQL through pg'.padEnd(46)} ${`${bareLoad.p99.toFixed(1)} ms`.padStart(9)}   (p50 ${bareLoad.p50.toFixed(1)} ms; API p50 ${steady.p50.toFixed(1)} ms)`,
    );

    // The export: a date range ending at the log's last day, long enough for about EXPORT_ROWS rows.
    const days = Math.min(AUDIT_DAYS + 1, Math.ceil(EXPORT_ROWS / (ROWS / AUDIT_DAYS)));
    const range = { desde: day(log.end, days - 1), hasta: day(log.end, 0) };
    const counter = new pg.Client({ connectionString: database.location });
    await counter.connect();
    const { rows: counted } = await counter.query<{ n: number }>(
      `select count(*)::int as n from audit_log where created_at >= ($1::date)::timestamp at time zone '${ZONE}'
        and created_at < ($2::date + 1)::timestamp at time zone '${ZONE}'`,
      [range.desde, range.hasta],
    );
    await counter.end();
    console.log(
      `  Export of ${range.desde} to ${range.hasta} (${days} days): ${counted[0]!.n.toLocaleString('es-AR')} rows match`,
    );
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMb(server.pid)), 200);
    await pause(1000);
    const rssStart = rssMb(server.pid);
    const during: number[] = [];
    const t0 = performance.now();
    const res = await request(`${server.url}/api/auditoria/export?${new URLSearchParams(range)}`, {
      headers,
      dispatcher: agent,
    });
    let bytes = 0;
    let lines = 0;
    const mark = samples.length;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    }
    const exportSeconds = (performance.now() - t0) / 1000;
    during.push(...samples.slice(mark), rssMb(server.pid));
    await pause(1000);
    clearInterval(sampler);
    const rssAfter = rssMb(server.pid);
    const rows = lines - 1; // the header row
    const growth = Math.max(...during) - rssStart;
    const exportMet = res.statusCode === 200 && rows === counted[0]!.n && growth < GOALS.exportRssGrowthMb;
    console.log(
      `    API: ${rows.toLocaleString('es-AR')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB of CSV in ${exportSeconds.toFixed(1)} s (${(rows / exportSeconds).toFixed(0)} rows/s, HTTP ${res.statusCode})`,
    );
    console.log(
      `    server RSS ${rssStart.toFixed(0)} MB before, peak ${Math.max(...during).toFixed(0)} MB during (+${growth.toFixed(0)} MB), ${rssAfter.toFixed(0)} MB 1 s after; goal growth < ${GOALS.exportRssGrowthMb} MB: ${verdict(exportMet)}`,
    );
    const bare = await exportThroughPg(database.location, range);
    console.log(
      `    reference: the same keyset batches (the repository's SQL) in a loop through one pg client, no CSV: ${bare.rows.toLocaleString('es-AR')} rows (with the export's own audit row) in ${bare.seconds.toFixed(1)} s (${(bare.rows / bare.seconds).toFixed(0)} rows/s)`,
    );
    summary.push(
      `${'export, server RSS growth'.padEnd(46)} ${`${growth.toFixed(0)} MB`.padStart(9)}   goal < ${GOALS.exportRssGrowthMb} MB: ${verdict(exportMet)}`,
      `${'export, rows/s (API / keyset SQL through pg)'.padEnd(46)} ${(rows / exportSeconds).toFixed(0).padStart(9)}   / ${(bare.rows / bare.seconds).toFixed(0)} = ${((100 * bare.seconds) / exportSeconds).toFixed(0)} %`,
    );
    console.log('  Summary');
    for (const line of summary) console.log(`    ${line}`);
  } finally {
    await agent.close();
    await closeServer();
    if (process.env.BENCH_KEEP_DATABASE) console.log(`  kept ${database.location}`);
    else if (!reuse) await database.drop();
  }
}
