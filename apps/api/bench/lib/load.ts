import { performance } from 'node:perf_hooks';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Closed-loop load: `concurrency` clients each send their next request as soon
 * as the previous one answers, for `durationMs`, after `warmupMs` of the same
 * load that is not counted (JIT, caches, prepared statements, pool connections).
 * Latencies in milliseconds.
 */
export async function runLoad(options: {
  concurrency: number;
  durationMs: number;
  warmupMs?: number;
  task: (client: number, i: number) => Promise<boolean>;
}): Promise<LoadResult> {
  if (options.warmupMs) await runLoad({ ...options, durationMs: options.warmupMs, warmupMs: 0 });
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const deadline = start + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, client) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        let ok = false;
        try {
          ok = await options.task(client, i);
        } catch {
          ok = false;
        }
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export function formatLoad(label: string, r: LoadResult) {
  return `${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.requests} requests, ${r.errors} errors)`;
}
