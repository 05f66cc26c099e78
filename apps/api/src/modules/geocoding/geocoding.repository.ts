import type { GeocodeResult } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { geocodeCache } from '../../db/schema/index.ts';

/** The answer stored for a query within the last `maxAgeHours`, if any. */
export async function findCached(db: DbOrTx, query: string, maxAgeHours: number) {
  const rows = await queryRows<{ results: GeocodeResult[] }>(
    db,
    sql`select results from geocode_cache
        where query = ${query} and created_at > now() - make_interval(hours => ${maxAgeHours})`,
  );
  return rows[0]?.results;
}

export async function store(db: DbOrTx, query: string, results: GeocodeResult[]) {
  await db
    .insert(geocodeCache)
    .values({ query, results })
    .onConflictDoUpdate({ target: geocodeCache.query, set: { results, createdAt: sql`now()` } });
}

export async function purgeOlderThan(db: DbOrTx, hours: number) {
  await db.execute(
    sql`delete from geocode_cache where created_at < now() - make_interval(hours => ${hours})`,
  );
}

/**
 * Reserves the next upstream request slot for the whole deployment: slots
 * are `intervalMs` apart, whichever instance asks. Kept in the shared
 * counters table, where `expires_at` is the end of the last slot handed out.
 * A slot is handed out only when it starts within `maxWaitMs`, decided in the
 * same atomic upsert: a search that could not wait that long books nothing,
 * so a burst never pushes the queue further than `maxWaitMs` ahead.
 * Returns how many milliseconds to wait before the slot starts, or null when
 * no slot starts soon enough.
 */
export async function reserveSlot(db: DbOrTx, intervalMs: number, maxWaitMs: number): Promise<number | null> {
  const rows = await queryRows<{ wait_ms: number | string }>(
    db,
    sql`
    insert into rate_limits (key, count, window_start, expires_at)
    values ('geocoder:slots', 1, now(), now() + make_interval(secs => ${intervalMs / 1000}))
    on conflict (key) do update set
      count = rate_limits.count + 1,
      window_start = greatest(rate_limits.expires_at, now()),
      expires_at = greatest(rate_limits.expires_at, now()) + make_interval(secs => ${intervalMs / 1000})
    where rate_limits.expires_at < now() + make_interval(secs => ${maxWaitMs / 1000})
    returning greatest(0, extract(epoch from (window_start - now())) * 1000) as wait_ms`,
  );
  const row = rows[0];
  return row ? Math.ceil(Number(row.wait_ms)) : null;
}
