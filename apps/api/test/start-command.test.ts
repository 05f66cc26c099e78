import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from './helpers.ts';
import { API_DIR, freePort } from './processes.ts';

const ROOT = path.join(API_DIR, '../..');
// Inside the repository, so the compiled server finds the npm packages as apps/api/dist does.
const CACHE = path.join(API_DIR, 'node_modules/.cache');
mkdirSync(CACHE, { recursive: true });
const DIST = mkdtempSync(path.join(CACHE, 'rd-dist-'));
const DATA = mkdtempSync(path.join(tmpdir(), 'rd-start-'));
const started: number[] = [];
afterAll(() => {
  rmSync(DIST, { recursive: true, force: true });
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** `npm start`'s command, with the compiled server kept in a folder of this test's own; resolves once it serves. */
async function npmStart() {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: DATA,
      PORT: String(port),
      API_DIST_DIR: DIST,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child.pid!);
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 90_000;
  while (!output.includes('Red Dental escuchando en')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm start did not serve: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  child.kill('SIGTERM');
  return { output, health: health.status, exitCode: await exited };
}

describe('npm start', () => {
  it('compiles the server when it is missing, serves from it, and stops cleanly on SIGTERM', async () => {
    const first = await npmStart();
    expect(first.output).toContain('Compilando el servidor…');
    expect(existsSync(path.join(DIST, 'server.js'))).toBe(true);
    expect(first.health).toBe(200);
    expect(first.exitCode).toBe(0);
  });

  it('starts the compiled server as it is while it is newer than its sources', async () => {
    const again = await npmStart();
    expect(again.output).not.toContain('Compilando');
    expect(again.health).toBe(200);
  });

  it('compiles again when a source is newer than the compiled server', async () => {
    const old = new Date('2001-01-01T00:00:00Z');
    utimesSync(path.join(DIST, 'server.js'), old, old);
    const rebuilt = await npmStart();
    expect(rebuilt.output).toContain('Compilando el servidor…');
    expect(rebuilt.health).toBe(200);
  });
});
