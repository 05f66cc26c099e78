import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { API_DIR, freePort } from '../test/processes.ts';
import { envNumber } from './lib/config.ts';
import { createBenchDatabase, postgresUrl } from './lib/databases.ts';
import { median, verdict } from './lib/report.ts';

const ROOT = path.join(API_DIR, '../..');
/** Runs of each command on each database, in turns. */
const RUNS = envNumber('BENCH_STARTUP_RUNS', 3);
/** How long the server sits idle after answering before its memory is read. */
const IDLE_MS = envNumber('BENCH_STARTUP_IDLE_SECONDS', 5) * 1000;
const GOAL_RATIO = 0.5;

/** The two ways `npm start` has run the server: through tsx's transpiler, and compiled. */
const COMMANDS = {
  tsx: {
    label: 'tsx apps/api/src/server.ts (before)',
    args: ['node_modules/tsx/dist/cli.mjs', 'apps/api/src/server.ts'],
  },
  compiled: { label: 'node scripts/start.mjs (compiled)', args: ['scripts/start.mjs'] },
} as const;

/** The resident memory of every process of a group (tsx runs the server in a child of its own), in MB. */
function groupRssMb(pgid: number): number {
  const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pgid)]).toString();
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .reduce((sum, kb) => sum + Number(kb) / 1024, 0);
}

/** Starts one command, times it to a healthy /api/health, lets it idle, reads its memory, stops it. */
async function measure(args: readonly string[], env: Record<string, string>) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', DEMO_DATA: 'false', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => {
    errors += d.toString();
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let healthyMs = Number.POSITIVE_INFINITY;
  while (child.exitCode === null && performance.now() - started < 120_000) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) {
      healthyMs = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  if (!Number.isFinite(healthyMs)) throw new Error(`${args.join(' ')} did not start: ${errors}`);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rss = groupRssMb(child.pid!);
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  return { healthyMs, rss };
}

export async function runStartupBenchmark() {
  console.log(
    `\nStart-up: time from the command to a healthy /api/health and the resident memory of its processes after ${IDLE_MS / 1000} s idle, median of ${RUNS} runs in turns, on each database already migrated`,
  );
  const databases = [await createBenchDatabase('pglite')];
  const url = await postgresUrl();
  if (url) databases.push(await createBenchDatabase('postgres', url));
  let allMet = true;
  try {
    for (const database of databases) {
      const runs: Record<'tsx' | 'compiled', { healthyMs: number; rss: number }[]> = {
        tsx: [],
        compiled: [],
      };
      for (let round = 0; round < RUNS; round++) {
        for (const key of ['tsx', 'compiled'] as const) {
          runs[key].push(await measure(COMMANDS[key].args, database.serverEnv));
        }
      }
      const figures = Object.fromEntries(
        (['tsx', 'compiled'] as const).map((key) => [
          key,
          { ms: median(runs[key].map((r) => r.healthyMs)), rss: median(runs[key].map((r) => r.rss)) },
        ]),
      ) as Record<'tsx' | 'compiled', { ms: number; rss: number }>;
      const timeRatio = figures.compiled.ms / figures.tsx.ms;
      const rssRatio = figures.compiled.rss / figures.tsx.rss;
      console.log(`  ${database.kind === 'pglite' ? 'PGlite (DATA_DIR)' : 'PostgreSQL'}`);
      for (const key of ['tsx', 'compiled'] as const) {
        console.log(
          `    ${COMMANDS[key].label.padEnd(40)} healthy in ${figures[key].ms.toFixed(0).padStart(5)} ms   RSS ${figures[key].rss.toFixed(0).padStart(4)} MB`,
        );
      }
      const met = timeRatio <= GOAL_RATIO && rssRatio <= GOAL_RATIO;
      allMet &&= met;
      console.log(
        `    compiled / before: start-up ${timeRatio.toFixed(2)}, RSS ${rssRatio.toFixed(2)} (goal ≤ ${GOAL_RATIO} each): ${verdict(met)}`,
      );
    }
  } finally {
    for (const database of databases) await database.drop();
  }
  return allMet;
}
