import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, is, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type {
  PgDatabase,
  PgDialect,
  PgPreparedQuery,
  PgQueryResultHKT,
  PgSession,
  PgTransaction,
  PreparedQueryConfig,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { closeToOthers } from '../lib/private-files.ts';
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
 * The planner's estimate of how many rows `query` returns, from its EXPLAIN
 * (the query is never run): a count for when reading the matches would cost
 * too much.
 */
export async function estimatedRows(db: DbOrTx, query: SQL): Promise<number> {
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${query}`);
  const raw = plan?.['QUERY PLAN'];
  const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const rows = (parsed as [{ Plan?: { 'Plan Rows'?: number } }] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : 0;
}

/** Statement names by SQL text: one hash per distinct text, not one per call. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    // Texts come from a handful of query shapes; the bound only guards against a shape built from data.
    if (statementNames.size >= 1_000) statementNames.clear();
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
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
  const result = await session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
  return (result as { rows: T[] }).rows;
}

/**
 * A statement for the request path, its values written as
 * `sql.placeholder(name)`: turned into text, named and made ready once per
 * database handle, so a call only binds its values. The hottest queries
 * (the subject read's neighbours, the search, the audit row) would otherwise
 * rebuild and hash the same SQL on every request. Named as `preparedRows`
 * names it, with the same care for generic plans.
 */
export function statement<T, V extends Record<string, unknown> = Record<string, unknown>>(query: SQL) {
  const ready = new WeakMap<object, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db: DbOrTx, values: V): Promise<T[]> => {
    let prepared = ready.get(db);
    if (!prepared) {
      const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
      const built = dialect.sqlToQuery(query);
      prepared = session.prepareQuery(built, undefined, statementName(built.sql), false);
      ready.set(db, prepared);
    }
    return ((await prepared.execute(values)) as { rows: T[] }).rows;
  };
}

/** What a PGlite transaction offers beyond Drizzle: a COPY can read a Blob as '/dev/blob'. */
interface PgliteQueries {
  query(query: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

/** PGlite reads a COPY's input from memory: a file is sent in pieces of about this size. */
const PGLITE_COPY_BYTES = 4 * 1024 * 1024;

/**
 * Loads a file of COPY text (one row per line, COPY's escapes) into `target`
 * ("table (columns)") inside the transaction `tx`, without holding the file:
 * PostgreSQL streams it through `COPY … FROM STDIN`; PGlite takes it in pieces
 * of whole lines, each a `COPY … FROM '/dev/blob'`.
 */
export async function copyFromFile(tx: Tx, target: string, filePath: string): Promise<void> {
  const { session } = tx as unknown as { session: PgSession };
  if (is(session, PgliteSession)) {
    const client = (session as unknown as { client: PgliteQueries }).client;
    const copy = (piece: Buffer) =>
      client.query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([piece]) });
    let rest: Buffer = Buffer.alloc(0);
    for await (const chunk of createReadStream(filePath, { highWaterMark: PGLITE_COPY_BYTES })) {
      // A newline byte is never part of a longer UTF-8 character: cutting after the last one keeps whole lines.
      const data: Buffer = rest.length > 0 ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
      const end = data.lastIndexOf(0x0a) + 1;
      if (end > 0) await copy(data.subarray(0, end));
      rest = data.subarray(end);
    }
    if (rest.length > 0) await copy(rest);
    return;
  }
  const client = (session as unknown as { client: pg.PoolClient | pg.Pool }).client;
  // On the pool itself the COPY would run on some other connection, outside the transaction.
  if (client instanceof pg.Pool) throw new Error('copyFromFile needs a transaction');
  await pipeline(createReadStream(filePath), client.query(copyFrom(`copy ${target} from stdin`)));
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers true when a trivial query succeeds (health check). */
  ping(): Promise<boolean>;
  /** The embedded database's whole data directory as a gzipped tar (PGlite only; what `openPglite` loads back). */
  dump?(): Promise<Blob>;
  /** The pool's connections right now (PostgreSQL; the embedded database has none). */
  poolStats?(): { inUse: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export const PGLITE_EXTENSIONS = { pg_trgm };

/** Files of temporary tables (`t<backend>_<relation>`, with their forks and segments). */
const TEMP_RELATION_FILE = /^t\d+_\d+/;

/**
 * Removes what temporary tables and sorts spilled to disk left in a PGlite
 * data directory, as PostgreSQL does when its server starts: PGlite runs
 * PostgreSQL in single-user mode, which skips that. A process killed in a
 * transaction that used a temporary table (the CSV import's staging table)
 * would otherwise keep those rows on disk for good. Only for a directory no
 * running database uses (the server holds the DATA_DIR lock).
 */
async function removePgliteTempFiles(dir: string): Promise<void> {
  const base = path.join(dir, 'base');
  const databases = await readdir(base, { withFileTypes: true }).catch(() => []);
  for (const database of databases) {
    if (!database.isDirectory()) continue;
    const folder = path.join(base, database.name);
    if (database.name === 'pgsql_tmp') {
      await rm(folder, { recursive: true, force: true });
      continue;
    }
    for (const name of await readdir(folder))
      if (TEMP_RELATION_FILE.test(name)) await rm(path.join(folder, name), { force: true });
  }
}

export async function openPglite(dir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dir) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await removePgliteTempFiles(dir);
  }
  const client = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS, loadDataDir });
  // The files PGlite copies in (a fresh database's, a loaded dump's) it makes 0666 itself; what it
  // creates later asks for 0600 or is masked by the server's umask (lib/private-files.ts).
  if (dir) closeToOthers(dir);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () =>
      client.query('select 1').then(
        () => true,
        () => false,
      ),
    dump: async () => (await client.dumpDataDir('gzip')) as Blob,
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
  // Nor one checked out between two statements of a transaction (the server restarted, the backend
  // terminated): the transaction's next statement fails, it rolls back, and the request answers 5xx.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () =>
      pool.query('select 1').then(
        () => true,
        () => false,
      ),
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
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
