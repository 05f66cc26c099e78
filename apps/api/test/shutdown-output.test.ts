import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, createScratchPostgres } from './helpers.ts';
import { API_DIR, freePort, until } from './processes.ts';

// A server whose output goes to a pipe stops on SIGTERM whatever became of the pipe's reader: gone,
// alive but not reading, or reading (then every line reaches it, the shutdown's included).

const ROOT = path.join(API_DIR, '../..');
// Inside the repository, so the compiled server finds the npm packages as apps/api/dist does.
const CACHE = path.join(API_DIR, 'node_modules/.cache');
mkdirSync(CACHE, { recursive: true });
const DIST = mkdtempSync(path.join(CACHE, 'rd-dist-'));
const SCRATCH = mkdtempSync(path.join(tmpdir(), 'rd-output-'));
const STOP_WITHIN_MS = 10_000;
/** Copies the FIFO it is given to its own stdout, as `tee` or a log shipper would. */
const READER = `require('node:fs').createReadStream(process.argv[1]).pipe(process.stdout)`;
/** Enough log lines (each request's carries its URL) to fill a pipe's 64 KiB several times over. */
const FLOOD_REQUESTS = 30;
const LONG_QUERY = `relleno=${'a'.repeat(6000)}`;

const groups: number[] = [];
const readers: ChildProcess[] = [];

beforeAll(() => {
  // `npm start`'s compiled server, built into a folder of this test's own.
  const build = spawnSync(
    process.execPath,
    ['-e', `import('./apps/api/build.mjs').then((m) => m.buildServer())`],
    { cwd: ROOT, env: { ...process.env, API_DIST_DIR: DIST }, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`the server did not build: ${build.stderr}`);
});

afterAll(() => {
  for (const group of groups) signal(-group, 'SIGKILL');
  for (const reader of readers) reader.kill('SIGKILL');
  rmSync(DIST, { recursive: true, force: true });
  rmSync(SCRATCH, { recursive: true, force: true });
});

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** Whether a process of the group (the server and every process it started) still runs; a zombie has ended. */
function groupRuns(group: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // After the command's name: state, parent, process group.
    const [state, , processGroup] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(processGroup) === group && state !== 'Z') return true;
  }
  return false;
}

const health = (port: number, query = '') =>
  fetch(`http://127.0.0.1:${port}/api/health${query}`).then(
    (r) => r.status,
    () => 0,
  );

/**
 * `npm start` with stdout and stderr on a FIFO that a reader process copies
 * out; resolves once the server serves. The server leads a process group of
 * its own, so its whole tree can be watched.
 */
async function startBehindReader(env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(SCRATCH, 'run-'));
  const fifo = path.join(dir, 'output');
  execFileSync('mkfifo', [fifo]);
  const reader = spawn(process.execPath, ['-e', READER, fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
  readers.push(reader);
  let received = '';
  reader.stdout.on('data', (d: Buffer) => {
    received += d.toString();
  });
  const readerDone = new Promise<void>((resolve) => reader.on('close', () => resolve()));
  // Opening a FIFO for writing waits until its reader has opened it.
  const output = await open(fifo, 'w');
  const port = await freePort();
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DEMO_DATA: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // One for every run of the file: the later starts find the database migrated.
      DATA_DIR: path.join(SCRATCH, 'data'),
      PORT: String(port),
      API_DIST_DIR: DIST,
      ...env,
    },
    stdio: ['ignore', output.fd, output.fd],
    detached: true,
  });
  groups.push(server.pid!);
  await output.close();
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  // The banner comes once every process serves (a worker's answer alone may come before the other's).
  await until(() => {
    if (server.exitCode !== null) throw new Error(`the server exited: ${received}`);
    return received.includes('Red Dental escuchando en');
  }, 90_000);
  expect(await health(port)).toBe(200);
  return {
    server,
    reader,
    port,
    exited,
    readerDone,
    received: () => received,
    /** Requests whose log lines (with their long URLs) are more than a pipe holds. */
    async flood() {
      for (let i = 0; i < FLOOD_REQUESTS; i++) expect(await health(port, `?${LONG_QUERY}`)).toBe(200);
    },
    /** SIGTERM, then the milliseconds until no process of the server's tree runs. */
    async stop() {
      const asked = Date.now();
      server.kill('SIGTERM');
      await until(() => !groupRuns(server.pid!), STOP_WITHIN_MS, 50);
      return Date.now() - asked;
    },
  };
}

function linesWith(text: string, message: string) {
  return text.split('\n').filter((line) => line.includes(`"msg":"${message}"`)).length;
}

// A start on a busy machine (two workers on a shared PostgreSQL) may take longer than the default allows.
describe('npm start with its output piped', { timeout: 60_000 }, () => {
  it('stops within 10 s of SIGTERM when the reader is gone', async () => {
    const piped = await startBehindReader();
    piped.reader.kill('SIGKILL');
    await piped.readerDone;
    await piped.flood();
    expect(await piped.stop()).toBeLessThan(STOP_WITHIN_MS);
    expect(await piped.exited).toBe(0);
  });

  it('stops within 10 s of SIGTERM when the reader lives but reads no more', async () => {
    const piped = await startBehindReader();
    piped.reader.kill('SIGSTOP');
    await piped.flood();
    expect(await piped.stop()).toBeLessThan(STOP_WITHIN_MS);
    expect(await piped.exited).toBe(0);
  });

  it('hands every line to a reader that reads, the shutdown line included', async () => {
    const piped = await startBehindReader();
    await piped.flood();
    expect(await piped.stop()).toBeLessThan(STOP_WITHIN_MS);
    expect(await piped.exited).toBe(0);
    await piped.readerDone;
    const received = piped.received();
    expect(linesWith(received, 'request completed')).toBeGreaterThanOrEqual(FLOOD_REQUESTS);
    expect(linesWith(received, 'closing: finishing requests in flight')).toBe(1);
  });

  describe.runIf(BACKENDS.includes('postgres'))('with two processes (WEB_CONCURRENCY) on PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof createScratchPostgres>>;
    beforeAll(async () => {
      database = await createScratchPostgres();
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('stops the primary and both workers within 10 s when the reader reads no more', async () => {
      const piped = await startBehindReader({ DATABASE_URL: database.url, WEB_CONCURRENCY: '2' });
      piped.reader.kill('SIGSTOP');
      await piped.flood();
      expect(await piped.stop()).toBeLessThan(STOP_WITHIN_MS);
      expect(await piped.exited).toBe(0);
    });

    it("hands a reader that reads both workers' shutdown lines", async () => {
      const piped = await startBehindReader({ DATABASE_URL: database.url, WEB_CONCURRENCY: '2' });
      await piped.flood();
      expect(await piped.stop()).toBeLessThan(STOP_WITHIN_MS);
      expect(await piped.exited).toBe(0);
      await piped.readerDone;
      expect(linesWith(piped.received(), 'closing: finishing requests in flight')).toBe(2);
    });
  });
});
