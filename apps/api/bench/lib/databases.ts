import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/config.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openPglite, openPostgres, pgliteDir } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { seedCatalogue, seedFirstAdmin } from '../../src/db/seed/base.ts';

export const BENCH_ADMIN = { email: 'bench@reddental.com.ar', password: 'Bench-Admin-2025' };

/** PostgreSQL for benchmarks: BENCH_DATABASE_URL, else the local server when it answers. */
export async function postgresUrl(): Promise<string | undefined> {
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  /** Environment for a server process on this database. */
  serverEnv: Record<string, string>;
  /** The connection string (PostgreSQL) or data directory (PGlite). */
  location: string;
  config: Config;
  drop(): Promise<void>;
}

/** A fresh, migrated database with the catalogue and a bench administrator, closed again so a server can take it. */
export async function createBenchDatabase(
  kind: 'pglite' | 'postgres',
  baseUrl?: string,
  prepare?: (db: Database) => Promise<void>,
): Promise<BenchDatabase> {
  const env = { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, DEMO_DATA: 'false' };
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-'));
    const config = loadConfig({ ...env, DATA_DIR: dataDir });
    const database = await openPglite(pgliteDir(dataDir));
    await migrate(database.db);
    await seedCatalogue(database.db);
    await seedFirstAdmin(database.db, config);
    await prepare?.(database);
    await database.close();
    return { kind, serverEnv: { ...env, DATA_DIR: dataDir }, location: dataDir, config, async drop() {} };
  }
  const name = `rd_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl!);
  url.pathname = `/${name}`;
  const config = loadConfig({ ...env, DATABASE_URL: url.toString() });
  const database = openPostgres(url.toString(), 4);
  await migrate(database.db);
  await seedCatalogue(database.db);
  await seedFirstAdmin(database.db, config);
  await prepare?.(database);
  await database.close();
  return {
    kind,
    serverEnv: { ...env, DATABASE_URL: url.toString() },
    location: url.toString(),
    config,
    async drop() {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A PostgreSQL database an earlier run kept, used as it is (never dropped). */
export function existingDatabase(url: string): BenchDatabase {
  const env = { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, DEMO_DATA: 'false' };
  return {
    kind: 'postgres',
    serverEnv: { ...env, DATABASE_URL: url },
    location: url,
    config: loadConfig({ ...env, DATABASE_URL: url }),
    async drop() {},
  };
}
