import { createReadStream, createWriteStream, mkdtempSync, openAsBlob, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afiliadosCsvChunks, type GenerateAfiliadosOptions, generateAfiliados } from '@red-dental/testing';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { envNumber } from './lib/config.ts';
import { BENCH_ADMIN, createBenchDatabase, postgresUrl } from './lib/databases.ts';
import { median, seconds, verdict } from './lib/report.ts';
import { cpuSeconds, login, startBenchServer } from './lib/server.ts';

const ROWS = envNumber('BENCH_IMPORT_ROWS', 100_000);
/**
 * Rounds per engine, each the API import then both references: on shared cores a burst of someone
 * else's work lands on one figure, so the medians are compared, not single runs.
 */
const ROUNDS = envNumber('BENCH_IMPORT_ROUNDS', 3);
/** The API's import within this many times the COPY + fill of an indexed copy of afiliados. */
const GOAL_RATIO = 2;
/**
 * Before each measurement both sides load a small file of other documents, not timed: PGlite is
 * WebAssembly, and a fresh process spends its first seconds compiling the hot parts of PostgreSQL
 * on background threads. A server that has been up a while has done so; so has the bench process
 * after its first reference, which favoured the reference by up to half its time at 20,000 rows.
 */
const WARMUP_ROWS = Math.max(1000, Math.round(ROWS / 20));
const WARMUP_DOCUMENTS: GenerateAfiliadosOptions = {
  seed: 8,
  // The measured file's documents are spread over 10,000,000–69,999,999.
  firstDocumento: 80_000_000,
  documentos: 'sequential',
};

/** CPU time of this process, in seconds. */
function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

async function writeCsv(file: string, rows: number, options: GenerateAfiliadosOptions) {
  await pipeline(
    Readable.from(afiliadosCsvChunks(generateAfiliados(rows, options))),
    createWriteStream(file),
  );
}

interface Files {
  measured: string;
  warmup: string;
}

const PLAIN_TABLE = (name: string) =>
  `create table ${name} (nombre text, tipo text, documento text, fecha text)`;
/** The same columns, generated columns and indexes as afiliados, without the data. */
const INDEXED_TABLE = (name: string) => `create table ${name}_like (like afiliados including all)`;

/**
 * The reference: a plain COPY of the same file into a scratch table on the same
 * engine — with no index, and (the fairer yardstick) into a copy of afiliados
 * with all its indexes, filled from the scratch rows in the same timing. The
 * same steps on the warm-up file come first, untimed, into tables of their own.
 */
async function copyReference(
  kind: 'pglite' | 'postgres',
  files: Files,
  url: string | undefined,
  indexed: boolean,
): Promise<{ ms: number; cpu?: number }> {
  const steps = (name: string) => ({
    ddl: [PLAIN_TABLE(name), ...(indexed ? [INDEXED_TABLE(name)] : [])].join('; '),
    copy: `copy ${name} from stdin with (format csv, header true, delimiter ',')`,
    fill: indexed
      ? `insert into ${name}_like (nombre, nombre_busqueda, tipo_documento, documento, fecha_nacimiento) select nombre, lower(nombre), tipo, documento, to_date(fecha, 'DD/MM/YYYY') from ${name}`
      : undefined,
  });
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const run = async (name: string, file: string) => {
      const { ddl, copy, fill } = steps(name);
      await client.query(ddl);
      const start = performance.now();
      await pipeline(createReadStream(file), client.query(copyFrom(copy)));
      if (fill) await client.query(fill);
      return performance.now() - start;
    };
    await run('bench_warmup', files.warmup);
    const ms = await run('bench_copy', files.measured);
    await client.end();
    return { ms };
  }
  const scratch = await openPglite(mkdtempSync(path.join(tmpdir(), 'rd-copy-')));
  await migrate(scratch.db);
  const client = (
    scratch.db as unknown as {
      $client: {
        exec(q: string): Promise<unknown>;
        query(q: string, p: unknown[], o: { blob: Blob }): Promise<unknown>;
      };
    }
  ).$client;
  const run = async (name: string, file: string) => {
    const { ddl, copy, fill } = steps(name);
    await client.exec(ddl);
    // PGlite runs in this process, on its one thread: its CPU time is the reference's whole cost.
    const cpu = ownCpuSeconds();
    const start = performance.now();
    const blob = new Blob([await readFile(file)]);
    await client.query(copy.replace('from stdin', "from '/dev/blob'"), [], { blob });
    if (fill) await client.exec(fill);
    return { ms: performance.now() - start, cpu: ownCpuSeconds() - cpu };
  };
  await run('bench_warmup', files.warmup);
  const result = await run('bench_copy', files.measured);
  await scratch.close();
  return result;
}

async function importThroughApi(kind: 'pglite' | 'postgres', files: Files, url?: string) {
  const database = await createBenchDatabase(kind, url);
  const server = await startBenchServer({ ...database.serverEnv, MAX_CSV_MB: '200' });
  try {
    const token = await login(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const auth = { authorization: `Bearer ${token}` };
    const os = await fetch(`${server.url}/api/obra-sociales`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ nombre: 'OSDE', telefono: [], mail: [] }),
    });
    const { id: obraSocialId } = (await os.json()) as { id: number };
    const upload = async (file: string, rows: number) => {
      const form = new FormData();
      form.append('obraSocialId', String(obraSocialId));
      form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'afiliados.csv');
      const res = await fetch(`${server.url}/api/afiliados/import-csv`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const body = (await res.json()) as { count: number; created: number; errors: unknown[] };
      if (res.status !== 201 || body.count !== rows)
        throw new Error(`import failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    };
    await upload(files.warmup, WARMUP_ROWS);
    await new Promise((r) => setTimeout(r, 2000));
    global.gc?.();
    const idle = server.sampleRss();
    await new Promise((r) => setTimeout(r, 500));
    const idleMb = idle.stop();

    const sampler = server.sampleRss();
    const cpu = cpuSeconds(server.pid);
    const start = performance.now();
    const body = await upload(files.measured, ROWS);
    const ms = performance.now() - start;
    // The server process's CPU: on PGlite, the database's work too (it runs on the server's thread).
    const cpuUsed = cpuSeconds(server.pid) - cpu;
    const peakMb = sampler.stop();
    return { ms, cpu: cpuUsed, idleMb, peakMb, created: body.created };
  } finally {
    await server.close();
    await database.drop();
  }
}

export async function runImportBenchmark() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-import-'));
  const files = { measured: path.join(dir, 'afiliados.csv'), warmup: path.join(dir, 'warmup.csv') };
  await writeCsv(files.measured, ROWS, { seed: 7 });
  await writeCsv(files.warmup, WARMUP_ROWS, WARMUP_DOCUMENTS);
  console.log(
    `\nCSV import: ${ROWS.toLocaleString('es-AR')} affiliates, ${(statSync(files.measured).size / 1024 / 1024).toFixed(1)} MB file; ${ROUNDS} rounds per engine, each side warmed up first with ${WARMUP_ROWS.toLocaleString('es-AR')} other rows`,
  );
  const url = await postgresUrl();
  const engines: ('pglite' | 'postgres')[] = url ? ['pglite', 'postgres'] : ['pglite'];
  if (!url) console.log('  (no PostgreSQL reachable: PGlite only)');
  for (const kind of engines) {
    const rounds: {
      api: Awaited<ReturnType<typeof importThroughApi>>;
      plain: Awaited<ReturnType<typeof copyReference>>;
      indexed: Awaited<ReturnType<typeof copyReference>>;
    }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const api = await importThroughApi(kind, files, url);
      const references: Awaited<ReturnType<typeof copyReference>>[] = [];
      for (const indexed of [false, true]) {
        const refDb = kind === 'postgres' ? await createBenchDatabase('postgres', url) : undefined;
        references.push(await copyReference(kind, files, refDb?.location, indexed));
        await refDb?.drop();
      }
      const [plain, indexed] = references as [(typeof references)[0], (typeof references)[0]];
      rounds.push({ api, plain, indexed });
      console.log(
        `  ${kind.padEnd(9)} round ${round}: API ${seconds(api.ms)} (created ${api.created}) | COPY into a bare table ${seconds(plain.ms)} | COPY + fill of an indexed copy of afiliados ${seconds(indexed.ms)} (${(api.ms / indexed.ms).toFixed(2)}×)` +
          (indexed.cpu !== undefined
            ? ` | CPU: API ${api.cpu.toFixed(2)} s, reference ${indexed.cpu.toFixed(2)} s (${(api.cpu / indexed.cpu).toFixed(2)}×)`
            : ''),
      );
    }
    const api = median(rounds.map((r) => r.api.ms));
    const plain = median(rounds.map((r) => r.plain.ms));
    const indexed = median(rounds.map((r) => r.indexed.ms));
    const growth = Math.max(...rounds.map((r) => r.api.peakMb - r.api.idleMb));
    const met = api / indexed <= GOAL_RATIO;
    console.log(
      `  ${kind.padEnd(9)} median of ${rounds.length}: API ${seconds(api)} (${Math.round(ROWS / (api / 1000)).toLocaleString('es-AR')} rows/s)` +
        ` | COPY into a bare table ${seconds(plain)} (${(api / plain).toFixed(1)}×)` +
        ` | COPY + fill of an indexed copy of afiliados ${seconds(indexed)} (${(api / indexed).toFixed(2)}×; goal ≤ ${GOAL_RATIO}×: ${verdict(met)})` +
        ` | RSS idle ${median(rounds.map((r) => r.api.idleMb)).toFixed(0)} MB, largest growth ${growth.toFixed(0)} MB (goal < 150 MB)`,
    );
    if (kind === 'pglite') {
      // On PGlite the API's parsing and its database, and the reference, each run on one thread: CPU
      // seconds are what other people's work on shared cores disturbs least.
      const apiCpu = median(rounds.map((r) => r.api.cpu));
      const refCpu = median(rounds.map((r) => r.indexed.cpu!));
      console.log(
        `    CPU seconds (medians): API server process ${apiCpu.toFixed(2)} s, reference ${refCpu.toFixed(2)} s = ${(apiCpu / refCpu).toFixed(2)}×`,
      );
    }
  }
}
