import type { Readable } from 'node:stream';
import { NETWORK_UTC_OFFSET_MS } from '@red-dental/contracts';
import { type AnyColumn, is, type SQL, sql } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from './client.ts';

/**
 * COPY exports running at once in this process. Each holds a pooled
 * connection until its client has the whole file; past this many, exports
 * take the batched path, which holds one only while a batch is read, so
 * downloads can never starve the pool.
 */
const COPY_EXPORTS_AT_ONCE = 2;

/**
 * A COPY still running after this is stopped: no export of this network takes
 * a fraction of it. The server's own timer closes the connection, since
 * PostgreSQL does not act on a statement timeout while it waits on a client
 * that stopped reading.
 */
const COPY_TIMEOUT_MS = 15 * 60_000;

let running = 0;

/**
 * A query's parameters written into its text as literals, for the one
 * statement that cannot take parameters (COPY). Each value becomes a quoted
 * literal of unknown type, which PostgreSQL types from where it stands, as it
 * types a parameter; strings are escaped by the driver's own `escapeLiteral`.
 * Only strings, finite numbers, booleans and arrays of strings are written;
 * anything else throws, before any connection is taken.
 * One pass over `$n` markers: a value's text is never scanned again.
 */
export function inlineParams(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (marker, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length)
      throw new RangeError(`${marker} names no parameter of the query`);
    return literal(params[index]);
  });
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return pg.escapeLiteral(String(value));
  if (typeof value === 'boolean') return value ? "'true'" : "'false'";
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    // An array literal ('{"a","b"}'): each element quoted, its backslashes and quotes escaped.
    const items = value.map((item) => `"${item.replace(/[\\"]/g, (c) => `\\${c}`)}"`);
    return pg.escapeLiteral(`{${items.join(',')}}`);
  }
  throw new TypeError(`a parameter of type ${typeof value} cannot be written into a COPY`);
}

/**
 * `query`'s rows as CSV written by PostgreSQL itself (`COPY (query) TO STDOUT`,
 * no header, `delimiter` between cells, a quoted cell wherever one holds the
 * delimiter, a quote or a line break, an empty unquoted cell for NULL, each
 * row ending in "\n"): the fastest way out of the database, streamed as the
 * client reads. The connection is its own until the stream ends: committed
 * and returned to the pool then, closed if the stream fails or is destroyed.
 * Null on the embedded database, and while COPY_EXPORTS_AT_ONCE others run.
 */
export async function copyCsvOut(db: Db, query: SQL, delimiter: ',' | ';'): Promise<Readable | null> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  if (is(session, PgliteSession) || running >= COPY_EXPORTS_AT_ONCE) return null;
  const pool = (session as unknown as { client: pg.Pool }).client;
  const built = dialect.sqlToQuery(query);
  const copy = `copy (${inlineParams(built.sql, built.params)}) to stdout with (format csv, delimiter ${pg.escapeLiteral(delimiter)})`;
  running++;
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    running--;
    throw error;
  }
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  const release = (error?: Error) => {
    if (done) return;
    done = true;
    running--;
    clearTimeout(timer);
    client.release(error ?? undefined);
  };
  try {
    await client.query('begin read only');
    // The pool's short statement timeout is for requests; this one runs as long as its download.
    await client.query(`set local statement_timeout = ${COPY_TIMEOUT_MS}`);
    const stream = client.query(copyTo(copy));
    timer = setTimeout(() => stream.destroy(new Error('the COPY ran past its time')), COPY_TIMEOUT_MS);
    timer.unref();
    stream.once('end', () => {
      client.query('commit').then(
        () => release(),
        (error: Error) => release(error),
      );
    });
    // Failed or abandoned half-way: the connection is mid-COPY, so it is closed rather than reused.
    stream.once('error', (error) => release(error));
    stream.once('close', () => {
      if (!stream.readableEnded) release(new Error('the COPY was abandoned'));
    });
    return stream;
  } catch (error) {
    release(error as Error);
    throw error;
  }
}

/**
 * A text cell of a COPY export as `csvStream` writes it: a cell a spreadsheet
 * would run as a formula gets a leading apostrophe (`neutralizeFormula`), and
 * an empty text is left empty rather than quoted.
 */
export function copyText(value: SQL | AnyColumn): SQL {
  // ascii() is the first character's code point: =, +, -, @, tab, carriage return.
  return sql`case when ascii(${value}) in (61, 43, 45, 64, 9, 13) then '''' || ${value} else nullif(${value}, '') end`;
}

/** A date cell of a COPY export as `writtenDay` writes it: dd/mm/yyyy. */
export function copyDay(value: SQL | AnyColumn): SQL {
  return sql`to_char(${value}, 'DD/MM/YYYY')`;
}

/** A moment cell of a COPY export as `writtenMoment` writes it: dd/mm/yyyy hh:mm on the network's clock. */
export function copyMoment(value: SQL | AnyColumn): SQL {
  return sql`to_char(${value} at time zone 'UTC' + make_interval(secs => ${NETWORK_UTC_OFFSET_MS / 1000}), 'DD/MM/YYYY HH24:MI')`;
}
