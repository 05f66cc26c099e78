import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Like `queryRows`, sent as a named statement (named after its SQL text): on
 * PostgreSQL each pooled connection then parses and plans it once, not on every
 * call. For hot queries that have a handful of shapes; their conditions must
 * stay index-friendly in a generic plan (ranges, not `LIKE $1`). It makes the
 * call `db.execute` makes, through Drizzle's session, with a statement name
 * (PGlite ignores the name).
 */
export async function preparedRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const built = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  const result = await session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers true when a trivial query succeeds (health check). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openPglite(dir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dir) await mkdir(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS, loadDataDir });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () =>
      client.query('select 1').then(
        () => true,
        () => false,
      ),
    close: () => client.close(),
  };
}

/**
 * A PostgreSQL pool. Every statement is cancelled by the server after
 * `statementTimeoutMs` (error 57014), so a runaway query cannot hold a
 * connection; work that needs longer sets its own (`setLocalStatementTimeout`).
 */
export function openPostgres(url: string, poolSize: number, statementTimeoutMs = 15_000): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    statement_timeout: statementTimeoutMs,
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () =>
      pool.query('select 1').then(
        () => true,
        () => false,
      ),
    close: () => pool.end(),
  };
}

export function pgliteDir(dataDir: string) {
  return path.join(dataDir, 'db');
}

/** Raises the statement timeout for the rest of the current transaction (a long import). */
export async function setLocalStatementTimeout(tx: DbOrTx, seconds: number): Promise<void> {
  await tx.execute(sql.raw(`set local statement_timeout = '${Math.round(seconds)}s'`));
}
