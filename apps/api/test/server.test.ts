import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from './helpers.ts';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const TSX = path.join(API_DIR, '../../node_modules/.bin/tsx');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Running {
  const child = spawn(TSX, ['src/server.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(predicate: () => boolean, what: string, timeoutMs = 45_000) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const running: Running[] = [];
afterAll(() => {
  for (const r of running) r.child.kill('SIGKILL');
});

describe('the server process', () => {
  it('stops at boot with one line naming a bad variable', async () => {
    const server = startServer({ PORT: 'abc', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-cfg-')) });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuración inválida: PORT /);
  });

  it('locks DATA_DIR, serves, finishes in-flight requests on SIGTERM, and takes over a stale lock', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-srv-'));
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    running.push(first);
    await waitFor(() => first.output().includes('Red Dental escuchando en'), 'the first server');
    expect(first.output()).toContain(`http://localhost:${port}`);
    expect(first.output()).toContain(`Administrador: ${ADMIN.email}`);
    const lockFile = path.join(dataDir, 'server.lock');
    // tsx runs the server in a child process: the lock names that process.
    expect(readFileSync(lockFile, 'utf8').trim()).toMatch(/^\d+$/);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    // A second process on the same directory would silently lose data: it must refuse to start.
    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain('está en uso por otro proceso');

    // A sign-in (argon2 takes a while) in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: ADMIN.email, pass: ADMIN.password }),
    });
    await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);

    // A lock left by a process that is gone is taken over; the data survived the restart.
    writeFileSync(lockFile, '999999');
    const third = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    running.push(third);
    await waitFor(() => third.output().includes('Red Dental escuchando en'), 'the restarted server');
    const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: ADMIN.email, pass: ADMIN.password }),
    });
    expect(login.status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 120_000);
});
