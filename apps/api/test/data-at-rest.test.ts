import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distDir } from '../build.mjs';
import { ADMIN } from './helpers.ts';
import { API_DIR, freePort, httpClient, signIn } from './processes.ts';

// What the server keeps under DATA_DIR (the embedded database with its WAL, which holds the signing
// secret, sessions, password hashes and personal data) is its user's alone, whatever the umask it
// was started with: checked with the operator's own commands, and as another user where the test
// can act as one.

const ROOT = path.join(API_DIR, '../..');
const SCRATCH = mkdtempSync(path.join(tmpdir(), 'rd-at-rest-'));
// Open to everyone, so that only DATA_DIR's own modes keep other users out.
chmodSync(SCRATCH, 0o755);
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
  rmSync(SCRATCH, { recursive: true, force: true });
});

/** The usual default umask: what a server started from a login shell or a service manager gets. */
const UNDER_UMASK_022 = ['-c', 'umask 022 && exec "$@"', 'sh'];

/** `npm start`'s server (dist/server.js) on `dataDir`, started under umask 022; resolves once it serves. */
async function startServer(dataDir: string) {
  const port = await freePort();
  const child = spawn('/bin/sh', [...UNDER_UMASK_022, process.execPath, path.join(distDir(), 'server.js')], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: dataDir,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (!output.includes('Red Dental escuchando en')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const call = httpClient(`http://127.0.0.1:${port}`);
  return {
    /** Sign-ins: each writes a session (and the WAL grows). */
    async signIns(count: number) {
      for (let i = 0; i < count; i++) await signIn(call, ADMIN.email, ADMIN.password);
    },
    async stop() {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
  };
}

/** `npm run backup|restore -- FILE` on `dataDir`, under umask 022. */
function npmRun(command: 'backup' | 'restore', file: string, dataDir: string) {
  const run = spawnSync(
    '/bin/sh',
    [...UNDER_UMASK_022, process.execPath, 'scripts/backup.mjs', command, file],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
}

/**
 * What the operator's checks print: `stat -c %a DATA_DIR DATA_DIR/db`, and
 * `find DATA_DIR` of what others may read or anyone but the owner may write.
 */
function exposure(dataDir: string) {
  const modes = execFileSync('stat', ['-c', '%a', dataDir, path.join(dataDir, 'db')], { encoding: 'utf8' });
  const open = execFileSync(
    'find',
    [dataDir, '(', '-perm', '-o+r', '-o', '-perm', '-o+w', '-o', '-perm', '-g+w', ')'],
    { encoding: 'utf8' },
  );
  return { modes: modes.trim().split('\n'), open: open.trim().split('\n').filter(Boolean) };
}

const CLOSED = { modes: ['700', '700'], open: [] };

/** Whether `command` (with `target` as $0) succeeds as the user nobody; undefined when this test cannot act as another user. */
function asNobody(command: string, target: string): boolean | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const run = spawnSync('su', ['nobody', '-s', '/bin/sh', '-c', command, target], { encoding: 'utf8' });
  return run.error ? undefined : run.status === 0;
}

/** The WAL segments of an embedded database. */
function walSegments(dataDir: string) {
  const folder = path.join(dataDir, 'db', 'pg_wal');
  return readdirSync(folder)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .map((name) => path.join(folder, name));
}

/** Another user can neither list DATA_DIR nor read the WAL (checked where the test runs as root and can act as nobody). */
function expectUnreadableByOthers(dataDir: string) {
  const probe = path.join(SCRATCH, 'probe');
  rmSync(probe, { force: true });
  execFileSync('/bin/sh', [...UNDER_UMASK_022, 'touch', probe]);
  // Only where nobody can read a file as umask 022 leaves it; elsewhere the modes alone are checked.
  if (asNobody('cat "$0" > /dev/null', probe) !== true) return;
  expect(asNobody('ls "$0"', dataDir)).toBe(false);
  for (const segment of walSegments(dataDir)) expect(asNobody('cat "$0" > /dev/null', segment)).toBe(false);
}

describe('DATA_DIR is the server user’s alone', () => {
  const data = path.join(SCRATCH, 'data');

  it('from the first start on a fresh DATA_DIR, while the server runs and after a restart', async () => {
    const server = await startServer(data);
    await server.signIns(3);
    expect(exposure(data)).toEqual(CLOSED);
    expectUnreadableByOthers(data);
    await server.stop();
    expect(exposure(data)).toEqual(CLOSED);

    const again = await startServer(data);
    await again.signIns(3);
    expect(exposure(data)).toEqual(CLOSED);
    await again.stop();
    expect(exposure(data)).toEqual(CLOSED);
    expectUnreadableByOthers(data);
  }, 120_000);

  it('closes at start what an older installation left open (database files 0666, folders 0755)', async () => {
    const open = (entry: string) => {
      const isFolder = statSync(entry).isDirectory();
      chmodSync(entry, isFolder ? 0o755 : 0o666);
      if (isFolder) for (const name of readdirSync(entry)) open(path.join(entry, name));
    };
    open(data);
    mkdirSync(path.join(data, 'tmp'), { recursive: true, mode: 0o755 });
    expect(exposure(data).open.length).toBeGreaterThan(100);

    const server = await startServer(data);
    expect(exposure(data)).toEqual(CLOSED);
    await server.signIns(1);
    await server.stop();
    expect(exposure(data)).toEqual(CLOSED);
  }, 60_000);

  it('restores a backup closed to others, also into a DATA_DIR made beforehand, and serves it so', async () => {
    const file = path.join(SCRATCH, 'red-dental.backup');
    npmRun('backup', file, data);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const restored = path.join(SCRATCH, 'restored');
    execFileSync('/bin/sh', [...UNDER_UMASK_022, 'mkdir', restored]);
    expect(statSync(restored).mode & 0o777).toBe(0o755);

    npmRun('restore', file, restored);
    expect(exposure(restored)).toEqual(CLOSED);
    expectUnreadableByOthers(restored);

    const server = await startServer(restored);
    await server.signIns(1);
    expect(exposure(restored)).toEqual(CLOSED);
    await server.stop();
    expect(exposure(restored)).toEqual(CLOSED);
  }, 120_000);

  it('keeps closed what PGlite creates while it runs: new and recycled WAL segments, new tables', () => {
    const fresh = path.join(SCRATCH, 'busy');
    // The embedded database opened as the server opens it, then made to switch WAL segments (each
    // switch starts a new file; the checkpoint recycles the old ones under new names).
    const script = `
      import { openPglite } from './src/db/client.ts';
      import { keepNewFilesPrivate } from './src/lib/private-files.ts';
      keepNewFilesPrivate();
      const database = await openPglite(${JSON.stringify(path.join(fresh, 'db'))});
      const client = database.db.$client;
      await client.exec('create table filler (x text); create index on filler (x)');
      for (let i = 0; i < 3; i++) {
        await client.query("insert into filler values ('x')");
        await client.query('select pg_switch_wal()');
        if (i === 1) await client.query('checkpoint');
      }
      await database.close();`;
    const run = spawnSync(
      '/bin/sh',
      [...UNDER_UMASK_022, process.execPath, '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: API_DIR, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(walSegments(fresh).length).toBeGreaterThan(1);
    expect(exposure(fresh)).toEqual(CLOSED);
  }, 60_000);
});
