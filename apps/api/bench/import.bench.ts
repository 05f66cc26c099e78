import { createReadStream, createWriteStream, mkdtempSync, openAsBlob, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afiliadosCsvChunks, generateAfiliados } from '@red-dental/testing';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { BENCH_ADMIN, createBenchDatabase, postgresUrl } from './lib/databases.ts';
import { login, startBenchServer } from './lib/server.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);

async function writeCsv(file: string) {
  await pipeline(
    Readable.from(afiliadosCsvChunks(generateAfiliados(ROWS, { seed: 7 }))),
    createWriteStream(file),
  );
}

const PLAIN_TABLE = 'create table bench_copy (nombre text, tipo text, documento text, fecha text)';
/** The same columns, generated columns and indexes as afiliados, without the data. */
const INDEXED_TABLE =
  'create table bench_copy_like (like afiliados including all); ' +
  'create table bench_copy (nombre text, tipo text, documento text, fecha text)';

/**
 * The reference: a plain COPY of the same file into a scratch table on the same
 * engine — with no index, and (the fairer yardstick) into a copy of afiliados
 * with all its indexes, filled from the scratch rows in the same timing.
 */
async function copyReference(
  kind: 'pglite' | 'postgres',
  file: string,
  url: string | undefined,
  indexed: boolean,
): Promise<number> {
  const ddl = indexed ? INDEXED_TABLE : PLAIN_TABLE;
  const copy = "copy bench_copy from stdin with (format csv, header true, delimiter ',')";
  const fill = indexed
    ? "insert into bench_copy_like (nombre, nombre_busqueda, tipo_documento, documento, fecha_nacimiento) select nombre, lower(nombre), tipo, documento, to_date(fecha, 'DD/MM/YYYY') from bench_copy"
    : undefined;
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(ddl);
    const start = performance.now();
    await pipeline(createReadStream(file), client.query(copyFrom(copy)));
    if (fill) await client.query(fill);
    const ms = performance.now() - start;
    await client.end();
    return ms;
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
  await client.exec(ddl);
  const start = performance.now();
  const blob = new Blob([await readFile(file)]);
  await client.query(copy.replace('from stdin', "from '/dev/blob'"), [], { blob });
  if (fill) await client.exec(fill);
  const ms = performance.now() - start;
  await scratch.close();
  return ms;
}

async function importThroughApi(kind: 'pglite' | 'postgres', file: string, url?: string) {
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
    await new Promise((r) => setTimeout(r, 2000));
    global.gc?.();
    const idle = server.sampleRss();
    await new Promise((r) => setTimeout(r, 500));
    const idleMb = idle.stop();

    const form = new FormData();
    form.append('obraSocialId', String(obraSocialId));
    form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'afiliados.csv');
    const sampler = server.sampleRss();
    const start = performance.now();
    const res = await fetch(`${server.url}/api/afiliados/import-csv`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const ms = performance.now() - start;
    const peakMb = sampler.stop();
    const body = (await res.json()) as { count: number; created: number; errors: unknown[] };
    if (res.status !== 201 || body.count !== ROWS)
      throw new Error(`import failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return { ms, idleMb, peakMb, created: body.created };
  } finally {
    await server.close();
    await database.drop();
  }
}

export async function runImportBenchmark() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-import-'));
  const file = path.join(dir, 'afiliados.csv');
  await writeCsv(file);
  console.log(
    `\nCSV import: ${ROWS.toLocaleString('es-AR')} affiliates, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB file`,
  );
  const url = await postgresUrl();
  const engines: ('pglite' | 'postgres')[] = url ? ['pglite', 'postgres'] : ['pglite'];
  if (!url) console.log('  (no PostgreSQL reachable: PGlite only)');
  for (const kind of engines) {
    const api = await importThroughApi(kind, file, url);
    const copyMs: number[] = [];
    for (const indexed of [false, true]) {
      const refDb = kind === 'postgres' ? await createBenchDatabase('postgres', url) : undefined;
      copyMs.push(await copyReference(kind, file, refDb?.location, indexed));
      await refDb?.drop();
    }
    const [plain, indexed] = copyMs as [number, number];
    console.log(
      `  ${kind.padEnd(9)} API ${(api.ms / 1000).toFixed(2)} s (${Math.round(ROWS / (api.ms / 1000)).toLocaleString('es-AR')} rows/s, created ${api.created})` +
        ` | COPY into a bare table ${(plain / 1000).toFixed(2)} s (${(api.ms / plain).toFixed(1)}×)` +
        ` | COPY + fill of an indexed copy of afiliados ${(indexed / 1000).toFixed(2)} s (${(api.ms / indexed).toFixed(2)}×; goal ≤ 3×)` +
        ` | RSS idle ${api.idleMb.toFixed(0)} MB, peak ${api.peakMb.toFixed(0)} MB, growth ${(api.peakMb - api.idleMb).toFixed(0)} MB (goal < 150 MB)`,
    );
  }
}
