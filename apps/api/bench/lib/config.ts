import { availableParallelism } from 'node:os';

/**
 * A number from the environment, or `fallback` when the variable is unset or
 * empty; anything else stops the run naming the variable, so a typo is never
 * measured as the default.
 */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not '${raw}'`);
  return value;
}

/** How long each measured run of the short benchmarks lasts (BENCH_SECONDS, 15 s by default). */
export const DURATION_MS = envNumber('BENCH_SECONDS', 15) * 1000;
/** Requests before measuring: the JIT, the pool and the database caches warm up. */
export const WARMUP_MS = 3000;
/** Clients of a closed-loop run: enough to keep two cores busy without queueing for seconds. */
export const CONCURRENCY = 50;
/** The server's database pool (BENCH_POOL): by default two connections a core and one spare. */
export const POOL = envNumber('BENCH_POOL', availableParallelism() * 2 + 1);
