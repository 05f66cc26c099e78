import { type GeocodeResult, MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { searchKey } from '../../lib/text.ts';
import type { Subject } from '../../plugins/auth.ts';
import type { Limit } from '../../plugins/rate-limit.ts';
import { searchAddresses } from './geocoding.client.ts';
import * as repo from './geocoding.repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'log' | 'consumeQuota'>;

/** How long an answer is reused. */
const CACHE_HOURS = 24;
/**
 * The public Nominatim's usage policy: at most one request a second, for the
 * whole deployment. Slots are 1.1 s apart: a request leaves a little after its
 * slot starts (timers, a busy process), and the margin keeps two requests at
 * least a second apart as the geocoder sees them.
 */
export const UPSTREAM_INTERVAL_MS = 1100;
/** Everything a search may take, waiting for its slot included: nobody waits on a hung request. */
export const GEOCODE_TIMEOUT_MS = 5000;
/**
 * The longest wait for a slot: a slot starting later would leave the geocoder
 * less than a second of the budget to answer, so the search is skipped
 * without booking one.
 */
export const MAX_SLOT_WAIT_MS = GEOCODE_TIMEOUT_MS - 1000;
/**
 * Searches per user: the address field asks 1.5 s after typing stops, so one
 * person typing stays well within it; a script looping over the endpoint does not.
 */
export const GEOCODE_LIMIT: Limit = {
  max: 30,
  windowSeconds: 60,
  message: MESSAGES.geocoding.RATE_LIMITED,
};

let lastPurge = 0;

/**
 * Address suggestions for `q`. Answers are cached 24 h (by the query as the
 * search compares it: case, accents and spaces aside); a new query waits for
 * its upstream slot. A failure, a refusal (429) or no slot within
 * MAX_SLOT_WAIT_MS gives no suggestions and a log line, never an error. Each
 * call, cached or not, counts against the caller's GEOCODE_LIMIT (429 past it).
 */
export async function geocode(deps: Deps, caller: Subject, q: string): Promise<GeocodeResult[]> {
  await deps.consumeQuota(deps.db, `geocode:${caller.id}`, GEOCODE_LIMIT);
  const query = searchKey(q);
  const cached = await repo.findCached(deps.db, query, CACHE_HOURS);
  if (cached) return cached;

  const started = Date.now();
  const wait = await repo.reserveSlot(deps.db, UPSTREAM_INTERVAL_MS, MAX_SLOT_WAIT_MS);
  if (wait === null) {
    deps.log.warn({ maxWaitMs: MAX_SLOT_WAIT_MS }, 'geocoder busy: search skipped');
    return [];
  }
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

  let results: GeocodeResult[];
  try {
    results = await searchAddresses(deps.config.geocoderUrl, q, {
      userAgent: `RedDental/1.0 (+${deps.config.publicUrl})`,
      timeoutMs: Math.max(1, GEOCODE_TIMEOUT_MS - (Date.now() - started)),
    });
  } catch (error) {
    deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'geocoder failed');
    return [];
  }
  await repo.store(deps.db, query, results);
  if (Date.now() - lastPurge > 3_600_000) {
    lastPurge = Date.now();
    await repo.purgeOlderThan(deps.db, CACHE_HOURS);
  }
  return results;
}
