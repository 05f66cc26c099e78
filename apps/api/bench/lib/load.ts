import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { CONCURRENCY, DURATION_MS, WARMUP_MS } from './config.ts';

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

/** The figures of a run that started at `start`, from its latencies (sorted here) and errors. */
function summarize(latencies: number[], errors: number, start: number): LoadResult {
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
  return summarize(latencies, errors, start);
}

export interface MixedLoadResult<K extends string> {
  total: LoadResult;
  byKind: Map<K, LoadResult>;
  /** How many answers of each kind had each status ('error': no answer at all). */
  statuses: Map<K, Map<number | 'error', number>>;
}

/**
 * Closed-loop load of several kinds of request: each of `concurrency` clients
 * picks its next kind with `pick` and sends it as soon as the previous one
 * answers, for `durationMs`. `send` answers the HTTP status; `expected` says
 * which statuses of a kind are not errors. Latencies in milliseconds.
 */
export async function runMixedLoad<K extends string>(options: {
  concurrency: number;
  durationMs: number;
  pick: (client: number, i: number) => K;
  send: (kind: K, client: number, i: number) => Promise<number>;
  expected: (kind: K, status: number) => boolean;
}): Promise<MixedLoadResult<K>> {
  const latencies: number[] = [];
  const kinds = new Map<K, { latencies: number[]; errors: number }>();
  const statuses = new Map<K, Map<number | 'error', number>>();
  let errors = 0;
  const start = performance.now();
  const deadline = start + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, client) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const kind = options.pick(client, i);
        const t0 = performance.now();
        let status: number | 'error';
        try {
          status = await options.send(kind, client, i);
        } catch {
          status = 'error';
        }
        const ms = performance.now() - t0;
        const ok = status !== 'error' && options.expected(kind, status);
        const ofKind = kinds.get(kind) ?? { latencies: [], errors: 0 };
        kinds.set(kind, ofKind);
        ofKind.latencies.push(ms);
        latencies.push(ms);
        if (!ok) {
          ofKind.errors += 1;
          errors += 1;
        }
        const counts = statuses.get(kind) ?? new Map<number | 'error', number>();
        statuses.set(kind, counts);
        counts.set(status, (counts.get(status) ?? 0) + 1);
      }
    }),
  );
  const byKind = new Map<K, LoadResult>();
  for (const [kind, r] of kinds) byKind.set(kind, summarize(r.latencies, r.errors, start));
  return { total: summarize(latencies, errors, start), byKind, statuses };
}

/**
 * Open-loop load: requests start at a steady `ratePerSecond` whatever the
 * answers do, as real users arrive, for `durationMs`. Each latency counts
 * from when its request was due, so a stall shows in the figures instead of
 * silently lowering the rate (no coordinated omission).
 */
export async function runOpenLoop(options: {
  ratePerSecond: number;
  durationMs: number;
  task: (i: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const interval = 1000 / options.ratePerSecond;
  const total = Math.floor((options.durationMs / 1000) * options.ratePerSecond);
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      options
        .task(i)
        .catch(() => false)
        .then((ok) => {
          latencies.push(performance.now() - due);
          if (!ok) errors += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  return summarize(latencies, errors, start);
}

export function formatLoad(label: string, r: LoadResult) {
  return `${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.requests} requests, ${r.errors} errors)`;
}

/** Busy CPU time (in USER_HZ ticks) of the machine, of a process, and all ticks, from /proc. */
function cpuTicks(pids: readonly number[]) {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = line.reduce((a, b) => a + b, 0);
  const idle = line[3]! + line[4]!;
  const proc = (p: number | 'self') => {
    const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  return {
    total,
    busy: total - idle,
    server: pids.reduce((sum, pid) => sum + proc(pid), 0),
    bench: proc('self'),
  };
}

/** The cores each part used during a run: the server, this process (the load generator), the rest, and idle. */
export interface CpuSplit {
  server: number;
  bench: number;
  rest: number;
  idle: number;
  text: string;
}

/** A process's children (a server's workers under WEB_CONCURRENCY), from /proc (Linux). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
}

/**
 * Who used the cores during a run, in cores: the server, this process (the
 * load generator), the rest. With `group`, the server is the process and its
 * children as they are when the meter starts (the primary and its workers).
 */
export function cpuMeter(pid: number, options: { group?: boolean } = {}) {
  const pids = options.group ? [pid, ...childrenOf(pid)] : [pid];
  const before = cpuTicks(pids);
  const split = (): CpuSplit => {
    const after = cpuTicks(pids);
    const cores = (ticks: number) => (ticks / (after.total - before.total)) * availableParallelism();
    const server = cores(after.server - before.server);
    const bench = cores(after.bench - before.bench);
    const busy = cores(after.busy - before.busy);
    const rest = Math.max(0, busy - server - bench);
    const idle = availableParallelism() - busy;
    return {
      server,
      bench,
      rest,
      idle,
      text: `CPU (cores of ${availableParallelism()}): server ${server.toFixed(2)}, load generator ${bench.toFixed(2)}, rest (database…) ${rest.toFixed(2)}, idle ${idle.toFixed(2)}`,
    };
  };
  return {
    split,
    stop: () => split().text,
  };
}

/** A warm-up, then the measured closed-loop run, with who used the cores during it. */
export async function measureLoad(
  pid: number,
  task: (client: number, i: number) => Promise<boolean>,
  { concurrency = CONCURRENCY, warmupMs = WARMUP_MS, durationMs = DURATION_MS } = {},
): Promise<{ result: LoadResult; cpu: CpuSplit }> {
  await runLoad({ concurrency, durationMs: warmupMs, task });
  const meter = cpuMeter(pid);
  const result = await runLoad({ concurrency, durationMs, task });
  return { result, cpu: meter.split() };
}
