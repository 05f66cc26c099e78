import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH, generateAfiliados } from '@red-dental/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { Agent, request } from 'undici';
import type { Database, Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { searchKey } from '../src/lib/text.ts';
import { findDirectoryVersion } from '../src/modules/cartilla/cartilla.repository.ts';
import { buildWebIfStale } from '../src/startup.ts';
import { freePort } from '../test/processes.ts';
import { CONCURRENCY, DURATION_MS, envNumber, POOL } from './lib/config.ts';
import { createBenchDatabase, postgresUrl } from './lib/databases.ts';
import { type CpuSplit, formatLoad, type LoadResult, measureLoad } from './lib/load.ts';
import { kb, median, ms, verdict } from './lib/report.ts';
import { generateProviders, insertProviders, type Query } from './lib/seed.ts';
import { startBenchServer } from './lib/server.ts';

const PROVIDERS = envNumber('BENCH_CARTILLA_PROVIDERS', 5000);
const AFILIADOS = 50;
/** Connections of the API's pool: cores × 2 + 1, as in the search benchmark. */
/**
 * Affiliates signed in for the load. Sign-in allows 30 requests a minute per address
 * (ADDRESS_LIMIT), so the 50 clients share 10 sessions and the browser runs take 5 more.
 */
const SESSIONS = 10;
const BROWSER_RUNS = 5;
const CHROMIUM = process.env.BENCH_CHROMIUM ?? CHROMIUM_PATH;
const GOALS = { p99Ms: 100, cardsMs: 1000, markersMs: 2000 };
const DIRECTORY = '/api/profesionales/obrasocial';

// A light grey 1×1 PNG, the same as the browser tests' tile stand-in.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eotAAV9AsAn2vxOAAAAAElFTkSuQmCC',
  'base64',
);

/** The providers (bench/lib/seed.ts) and affiliates of the one insurer, seeded. */
function generate() {
  const people = [...generateAfiliados(PROVIDERS + AFILIADOS, { seed: 31 })];
  const providers = generateProviders(people.slice(0, PROVIDERS));
  const afiliados = people.slice(PROVIDERS).map((a) => ({
    nombre: a.nombre,
    nombre_busqueda: searchKey(a.nombre),
    documento: a.documento,
    fecha_nacimiento: a.fecha_nacimiento,
  }));
  return { providers, afiliados };
}

/** Bulk inserts from JSON (one statement per table), the same on PostgreSQL and PGlite. */
async function populate(database: Database, data: ReturnType<typeof generate>) {
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const query: Query = (text, params) => client.query(text, params);
  const json = (value: unknown) => JSON.stringify(value);
  await insertProviders(query, data.providers);
  const { rows } = await query("insert into obras_sociales (nombre) values ('OSDE') returning id");
  const obraSocialId = (rows[0] as { id: number }).id;
  await query(
    'insert into profesional_obras_sociales (profesional_id, obra_social_id) select id, $1 from profesionales',
    [obraSocialId],
  );
  await query(
    `insert into afiliados (nombre, nombre_busqueda, tipo_documento, documento, fecha_nacimiento, obra_social_id)
     select nombre, nombre_busqueda, 'DNI', documento, fecha_nacimiento::date, $2
     from jsonb_to_recordset($1::jsonb) as x(nombre text, nombre_busqueda text, documento text, fecha_nacimiento text)`,
    [json(data.afiliados), obraSocialId],
  );
  await query('analyze');
}

/** Map tiles and the geocoder, served locally so that nothing leaves the machine. */
async function startStandIns(): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      res.end(TILE);
    } else if (path === '/search') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, server };
}

async function signIn(url: string, documento: string): Promise<string> {
  const res = await fetch(`${url}/api/afiliados/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documento }),
  });
  if (!res.ok) throw new Error(`affiliate sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Put in every page before its own scripts: the time from the navigation's start
 * (performance.now() counts from timeOrigin) until the first provider card and the
 * first map marker or cluster are in the DOM.
 */
const MARK_SCRIPT = `(() => {
  const marks = (window.__cartilla = {});
  const observer = new MutationObserver(() => {
    if (marks.card === undefined && document.querySelector('[role=article], article')) marks.card = performance.now();
    if (marks.markers === undefined && document.querySelector('.marker-cluster, .leaflet-marker-icon'))
      marks.markers = performance.now();
    if (marks.card !== undefined && marks.markers !== undefined) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

interface BrowserRun {
  card: number;
  markers: number;
  directory: number;
  domContentLoaded: number;
  /** Cards and markers or clusters in the DOM once both were there. */
  articles: number;
  markerElements: number;
}

/** Fresh context per run (empty cache, and the cache disabled too): a first visit to /cartilla. */
async function browserRuns(url: string, documentos: string[]): Promise<BrowserRun[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const runs: BrowserRun[] = [];
  try {
    for (const documento of documentos) {
      const token = await signIn(url, documento);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-AR' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await page.goto(`${url}/login`);
      await page.evaluate(
        `localStorage.setItem('DC_TOKEN', ${JSON.stringify(token)}); localStorage.setItem('DC_SESSION', JSON.stringify({ kind: 'afiliado' }))`,
      );
      await page.addInitScript(MARK_SCRIPT);
      await page.goto(`${url}/cartilla`, { waitUntil: 'commit' });
      // Polled from here: the page's Content-Security-Policy forbids the eval that waitForFunction needs.
      const read = `({
        card: window.__cartilla?.card ?? null,
        markers: window.__cartilla?.markers ?? null,
        directory: performance.getEntriesByType('resource').find((e) => e.name.includes('${DIRECTORY}'))?.responseEnd ?? null,
        scripts: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? null,
        articles: document.querySelectorAll('[role=article], article').length,
        markerElements: document.querySelectorAll('.marker-cluster, .leaflet-marker-icon').length,
      })`;
      type Marks = {
        card: number | null;
        markers: number | null;
        directory: number | null;
        scripts: number | null;
        articles: number;
        markerElements: number;
      };
      let marks = (await page.evaluate(read)) as Marks;
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
        if (marks.card !== null && marks.markers !== null) break;
        await new Promise((r) => setTimeout(r, 50));
        marks = (await page.evaluate(read)) as Marks;
      }
      if (marks.card === null || marks.markers === null)
        console.log(`    (run ${runs.length + 1}: still waiting after 30 s on ${page.url()})`);
      runs.push({
        card: marks.card ?? Number.POSITIVE_INFINITY,
        markers: marks.markers ?? Number.POSITIVE_INFINITY,
        directory: marks.directory ?? Number.NaN,
        domContentLoaded: marks.scripts ?? Number.NaN,
        articles: marks.articles,
        markerElements: marks.markerElements,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return runs;
}

export async function runCartillaBenchmark() {
  const url = await postgresUrl();
  const kind = url ? 'postgres' : 'pglite';
  console.log(
    `\nCartilla: ${PROVIDERS.toLocaleString('es-AR')} approved providers of one insurer, ${AFILIADOS} of its affiliates, on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (no PostgreSQL reachable)'}; ${CONCURRENCY} concurrent clients, ${POOL} database connections, ${DURATION_MS / 1000} s per run`,
  );
  const t0 = performance.now();
  const data = generate();
  const database = await createBenchDatabase(kind, url, (db) => populate(db, data));
  console.log(`  loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  buildWebIfStale((message) => console.log(`  ${message}`));
  const standIns = await startStandIns();
  const server = await startBenchServer({
    ...database.serverEnv,
    DATABASE_POOL_SIZE: String(POOL),
    TILE_URL: `${standIns.url}/tiles/{z}/{x}/{y}.png`,
    GEOCODER_URL: standIns.url,
  });
  // undici's own client, one keep-alive connection per simulated client (as in the search benchmark).
  const agent = new Agent({ connections: CONCURRENCY });
  const summary: string[] = [];
  try {
    const documentos = data.afiliados.map((a) => a.documento);
    const tokens: string[] = [];
    for (const documento of documentos.slice(0, SESSIONS)) tokens.push(await signIn(server.url, documento));
    const auth = (client: number) => `Bearer ${tokens[client % tokens.length]}`;

    // The directory once each way: its size as sent and unpacked, and its version.
    const get = async (path: string, headers: Record<string, string>) => {
      const res = await request(`${server.url}${path}`, { headers, dispatcher: agent });
      return {
        status: res.statusCode,
        headers: res.headers,
        body: Buffer.from(await res.body.arrayBuffer()),
      };
    };
    const gz = await get(DIRECTORY, { authorization: auth(0), 'accept-encoding': 'gzip' });
    const raw = await get(DIRECTORY, { authorization: auth(0) });
    const etag = String(gz.headers.etag);
    const listed = (JSON.parse(gunzipSync(gz.body).toString()) as unknown[]).length;
    if (gz.status !== 200 || gz.headers['content-encoding'] !== 'gzip' || listed !== PROVIDERS)
      throw new Error(
        `unexpected directory: ${gz.status} ${gz.headers['content-encoding']} ${listed} providers`,
      );
    console.log(
      `  directory: ${listed} providers, ${kb(gz.body.length)} gzip, ${kb(raw.body.length)} raw (${(raw.body.length / gz.body.length).toFixed(1)}×), ETag ${etag}; ${SESSIONS} affiliates signed in, ${CONCURRENCY / SESSIONS} clients per session`,
    );

    const ok = (status: number) => (status >= 200 && status < 300) || status === 304;
    const health = await measureLoad(server.pid, async () => {
      const res = await request(`${server.url}/api/health`, { dispatcher: agent });
      await res.body.dump();
      return ok(res.statusCode);
    });
    const full = await measureLoad(server.pid, async (client) => {
      const res = await request(`${server.url}${DIRECTORY}`, {
        headers: { authorization: auth(client), 'accept-encoding': 'gzip' },
        dispatcher: agent,
      });
      await res.body.arrayBuffer();
      return ok(res.statusCode);
    });
    let answered = 0;
    let notModified = 0;
    const revalidation = await measureLoad(server.pid, async (client) => {
      const res = await request(`${server.url}${DIRECTORY}`, {
        headers: { authorization: auth(client), 'accept-encoding': 'gzip', 'if-none-match': etag },
        dispatcher: agent,
      });
      await res.body.dump();
      answered += 1;
      if (res.statusCode === 304) notModified += 1;
      return ok(res.statusCode);
    });
    const report = (label: string, run: { result: LoadResult; cpu: CpuSplit }, goal: boolean) => {
      console.log(`  ${formatLoad(label, run.result)}`);
      console.log(`    ${run.cpu.text}`);
      if (!goal) return;
      const met = run.result.p99 < GOALS.p99Ms && run.result.errors === 0;
      console.log(`    p99 ${run.result.p99.toFixed(1)} ms (goal < ${GOALS.p99Ms} ms): ${verdict(met)}`);
      summary.push(
        `${label.padEnd(34)} p99 ${run.result.p99.toFixed(1).padStart(6)} ms, ${run.result.errors} errors   goal p99 < ${GOALS.p99Ms} ms: ${verdict(met)}`,
      );
    };
    report('GET /api/health (reference)', health, false);
    report('directory, full download (gzip)', full, true);
    console.log(
      `    ${((full.result.rps * gz.body.length) / 1024 / 1024).toFixed(1)} MB/s of gzip sent; ${((100 * full.result.rps) / health.result.rps).toFixed(1)} % of the reference's rate`,
    );
    report('directory, revalidation (304)', revalidation, true);
    console.log(
      `    ${notModified} of ${answered} answered 304 (warm-up included); ${((100 * revalidation.result.rps) / health.result.rps).toFixed(1)} % of the reference's rate`,
    );

    // What every directory request costs the database before anything is sent: the version check
    // (the providers' fingerprint), through the API's own repository code straight on a pg pool.
    if (kind === 'postgres') {
      const pool = new pg.Pool({ connectionString: database.location, max: POOL });
      const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
      const { rows } = await pool.query<{ id: number }>('select id from afiliados order by id');
      const ids = rows.map((r) => r.id);
      const version = (i: number) => findDirectoryVersion(db, ids[i % ids.length]!);
      for (let i = 0; i < 20; i++) await version(i);
      const start = performance.now();
      for (let i = 0; i < 200; i++) await version(i);
      const single = (performance.now() - start) / 200;
      const bare = await measureLoad(server.pid, async (client, i) => {
        await version(client + i);
        return true;
      });
      report('bare pg, the version query alone', bare, false);
      console.log(
        `    one at a time: ${single.toFixed(2)} ms each; under load it caps the directory at about ${bare.result.rps.toFixed(0)} req/s (revalidations reach ${((100 * revalidation.result.rps) / bare.result.rps).toFixed(0)} % of it)`,
      );
      await pool.end();
    }

    if (!existsSync(CHROMIUM)) {
      console.log(`  browser: skipped, no Chromium at ${CHROMIUM} (set BENCH_CHROMIUM)`);
    } else {
      const runs = await browserRuns(server.url, documentos.slice(SESSIONS, SESSIONS + BROWSER_RUNS));
      console.log(
        `  browser: Chromium, 1280×800, a new context and the cache disabled each time, ${runs.length} navigations to /cartilla`,
      );
      for (const [i, run] of runs.entries())
        console.log(
          `    run ${i + 1}: DOMContentLoaded ${ms(run.domContentLoaded)}, directory received ${ms(run.directory)}, first card ${ms(run.card)}, markers ${ms(run.markers)} (then ${run.articles} cards, ${run.markerElements} markers and clusters in the DOM)`,
        );
      for (const [label, key, goal] of [
        ['first provider card', 'card', GOALS.cardsMs],
        ['map markers drawn', 'markers', GOALS.markersMs],
      ] as const) {
        const values = runs.map((r) => r[key]);
        const worst = Math.max(...values);
        const line = `${label}: median ${ms(median(values))}, worst ${ms(worst)}`;
        const met = worst < goal;
        console.log(`    ${line} (goal < ${goal / 1000} s in every run): ${verdict(met)}`);
        summary.push(`${`browser, ${line}`.padEnd(62)} goal < ${goal / 1000} s: ${verdict(met)}`);
      }
    }
    console.log(`  Summary (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`);
    for (const line of summary) console.log(`    ${line}`);
  } finally {
    await agent.close();
    await server.close();
    await new Promise((resolve) => standIns.server.close(resolve));
    await database.drop();
  }
}
