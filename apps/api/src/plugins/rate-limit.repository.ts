import { inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

/** A fixed-window counter as read or left by a hit. */
export interface Counter {
  count: number;
  retryAfterSeconds: number;
}

const toCounter = (row: { count: number; retry_after: number } | undefined): Counter =>
  row
    ? { count: Number(row.count), retryAfterSeconds: Number(row.retry_after) }
    : { count: 0, retryAfterSeconds: 0 };

/**
 * Adds `increment` to a counter in one atomic upsert, so instances sharing the
 * database share it; a window that has expired starts again.
 */
export async function hitCounter(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
  increment = 1,
): Promise<Counter> {
  const rows = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_start, expires_at)
    values (${key}, ${increment}, now(), now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= now() then ${increment} else rate_limits.count + ${increment} end,
      window_start = case when rate_limits.expires_at <= now() then now() else rate_limits.window_start end,
      expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
    returning count, ceil(extract(epoch from (expires_at - now())))::int as retry_after`,
  );
  return toCounter(rows[0]);
}

/** A counter as it stands, without counting anything (an expired window reads as nothing). */
export async function readCounter(db: DbOrTx, key: string): Promise<Counter> {
  const rows = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`select count, ceil(extract(epoch from (expires_at - now())))::int as retry_after
        from rate_limits where key = ${key} and expires_at > now()`,
  );
  return toCounter(rows[0]);
}

export async function deleteCounters(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

export async function deleteExpiredCounters(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_limits where expires_at < now()`);
}
