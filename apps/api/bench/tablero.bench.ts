import { generateAfiliados, seededRandom } from '@red-dental/testing';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { Agent, request } from 'undici';
import { DURATION_MS, envNumber, POOL, WARMUP_MS } from './lib/config.ts';
import { BENCH_ADMIN, createBenchDatabase, postgresUrl } from './lib/databases.ts';
import { formatLoad, runOpenLoop } from './lib/load.ts';
import { verdict } from './lib/report.ts';
import { copyAfiliados, generateProviders, insertProviders } from './lib/seed.ts';
import { login, rssMb, startBenchServer } from './lib/server.ts';

const AFILIADOS = envNumber('BENCH_TABLERO_AFILIADOS', 1_000_000);
const PROVIDERS = envNumber('BENCH_TABLERO_PROVIDERS', 5000);
/** Arrivals per second of the steady run: far more than a network's staff open the dashboard. */
const RATE = envNumber('BENCH_TABLERO_RATE', 20);
const GOALS = { p99Ms: 100, exportVsCopy: 2, exportRssGrowthMb: 100 };

/** A million affiliates (COPY, through the counting triggers), 5,000 providers with 1–3 insurers each, reports. */
async function populate(url: string) {
  const insurers = await copyAfiliados(url, AFILIADOS);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = (text: string, params?: unknown[]) => client.query(text, params);
  const random = seededRandom(71);
  const providers = generateProviders([...generateAfiliados(PROVIDERS, { seed: 31 })]);
  await insertProviders(query, providers);
  await query(
    `insert into profesional_obras_sociales (profesional_id, obra_social_id)
     select p.id, x.obra_social_id from jsonb_to_recordset($1::jsonb) as x(email text, obra_social_id int)
     join profesionales p on p.email = x.email`,
    [
      JSON.stringify(
        providers.flatMap((p) =>
          [
            ...new Set(
              Array.from(
                { length: 1 + Math.floor(random() * 3) },
                () => insurers[Math.floor(random() * insurers.length)]!,
              ),
            ),
          ].map((id) => ({ email: p.email, obra_social_id: id })),
        ),
      ),
    ],
  );
  await query(
    `insert into profesional_reportes (profesional_id, motivo)
     select id, 'El teléfono no corresponde' from profesionales where id % 50 = 0`,
  );
  await query('vacuum analyze');
  await client.end();
}

/** The export's reference: the same rows and columns written by PostgreSQL itself with COPY … TO STDOUT. */
async function copyReference(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  let bytes = 0;
  let rows = 0;
  const stream = client.query(
    copyTo(`copy (select a.nombre, a.tipo_documento, a.documento, to_char(a.fecha_nacimiento, 'DD/MM/YYYY'), os.nombre
            from afiliados a left join obras_sociales os on os.id = a.obra_social_id
            order by a.nombre_busqueda collate "C", a.id) to stdout with (format csv, header)`),
  );
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) rows++;
  }
  const seconds = (performance.now() - t0) / 1000;
  await client.end();
  return { rows: rows - 1, bytes, seconds };
}

/** Downloads an export, counting its rows (lines after the header) and bytes, sampling the server's memory. */
async function download(url: string, token: string, pid: number, agent: Agent) {
  const samples: number[] = [];
  const rssStart = rssMb(pid);
  const sampler = setInterval(() => samples.push(rssMb(pid)), 200);
  const t0 = performance.now();
  const res = await request(`${url}/api/afiliados/export?formato=csv&separador=%3B`, {
    headers: { authorization: `Bearer ${token}` },
    dispatcher: agent,
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  samples.push(rssMb(pid));
  return {
    status: res.statusCode,
    rows: lines - 1,
    bytes,
    seconds,
    growth: Math.max(...samples) - rssStart,
    rssStart,
  };
}

export async function runTableroBenchmark() {
  const url = await postgresUrl();
  if (!url) {
    console.log('\nTablero: skipped (no PostgreSQL reachable; set BENCH_DATABASE_URL)');
    return true;
  }
  console.log(
    `\nTablero and exports on PostgreSQL: ${AFILIADOS.toLocaleString('es-AR')} affiliates, ${PROVIDERS.toLocaleString('es-AR')} providers; GET /api/tablero at a steady ${RATE} req/s for ${DURATION_MS / 1000} s; the affiliate list's CSV export beside COPY … TO STDOUT of the same rows`,
  );
  const database = await createBenchDatabase('postgres', url, async () => {});
  try {
    const t0 = performance.now();
    await populate(database.location);
    console.log(`    loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const server = await startBenchServer({ ...database.serverEnv, DATABASE_POOL_SIZE: String(POOL) });
    const agent = new Agent({ connections: 32 });
    try {
      const token = await login(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
      const task = async () => {
        const res = await request(`${server.url}/api/tablero`, {
          headers: { authorization: `Bearer ${token}` },
          dispatcher: agent,
        });
        const body = (await res.body.json()) as { afiliados?: { total: number } };
        return res.statusCode === 200 && body.afiliados?.total === AFILIADOS;
      };
      await runOpenLoop({ ratePerSecond: RATE, durationMs: WARMUP_MS, task });
      const steady = await runOpenLoop({ ratePerSecond: RATE, durationMs: DURATION_MS, task });
      const dashboardMet = steady.errors === 0 && steady.p99 < GOALS.p99Ms;
      console.log(
        `    ${formatLoad('GET /api/tablero', steady)}   goal p99 < ${GOALS.p99Ms} ms: ${verdict(dashboardMet)}`,
      );

      // The first full read warms the cache for both sides; then each is measured twice, in turns,
      // and the faster run of each is compared (the memory figure is the larger growth of the two).
      await copyReference(database.location);
      const exports = [];
      const references = [];
      for (let round = 0; round < 2; round++) {
        exports.push(await download(server.url, token, server.pid, agent));
        references.push(await copyReference(database.location));
      }
      const fastest = <T extends { seconds: number }>(runs: T[]) =>
        runs.reduce((best, run) => (run.seconds < best.seconds ? run : best));
      const exported = {
        ...fastest(exports),
        growth: Math.max(...exports.map((run) => run.growth)),
        status: exports.every((run) => run.status === 200)
          ? 200
          : exports.find((run) => run.status !== 200)!.status,
      };
      const reference = fastest(references);
      const ratio = exported.seconds / reference.seconds;
      const exportMet =
        exported.status === 200 &&
        exported.rows === AFILIADOS &&
        ratio <= GOALS.exportVsCopy &&
        exported.growth < GOALS.exportRssGrowthMb;
      console.log(
        `    export (faster of 2): ${exported.rows.toLocaleString('es-AR')} rows, ${(exported.bytes / 1048576).toFixed(0)} MB in ${exported.seconds.toFixed(1)} s (${(exported.rows / exported.seconds).toFixed(0)} rows/s, HTTP ${exported.status}); server RSS ${exported.rssStart.toFixed(0)} MB, +${exported.growth.toFixed(0)} MB at its peak`,
      );
      console.log(
        `    reference (faster of 2): COPY … TO STDOUT of the same rows: ${reference.rows.toLocaleString('es-AR')} rows, ${(reference.bytes / 1048576).toFixed(0)} MB in ${reference.seconds.toFixed(1)} s (${(reference.rows / reference.seconds).toFixed(0)} rows/s)`,
      );
      console.log(
        `    export time / COPY time ${ratio.toFixed(2)} (goal ≤ ${GOALS.exportVsCopy}), RSS growth goal < ${GOALS.exportRssGrowthMb} MB: ${verdict(exportMet)}`,
      );
      return dashboardMet && exportMet;
    } finally {
      await agent.close();
      await server.close();
    }
  } finally {
    await database.drop();
  }
}
