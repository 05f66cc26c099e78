import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, createScratchPostgres } from './helpers.ts';
import { freePort, type ServerProcess, startServerProcess, until } from './processes.ts';

/** The server processes a primary started (its children), by PID. */
function workersOf(primary: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(primary)])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const METRICS_TOKEN = 'metricas-del-cluster-0123456789-abcdef';

const health = (port: number) => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status);

/** A sign-in: argon2 makes it slow enough to be in flight when the server is told to stop. */
const signIn = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: ADMIN.email, pass: ADMIN.password }),
  });

describe('WEB_CONCURRENCY', () => {
  it('refuses more than one process on the embedded database, in one line naming the variable', async () => {
    const server = startServerProcess({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-cluster-')),
      WEB_CONCURRENCY: '2',
      PORT: '0',
    });
    expect(await server.exited).toBe(1);
    expect(server.output().trim().split('\n')).toEqual([
      'Configuración inválida: WEB_CONCURRENCY=2 necesita PostgreSQL (DATABASE_URL): la base embebida admite un solo proceso',
    ]);
  });

  it('refuses a value that is not a number of processes or auto', async () => {
    const server = startServerProcess({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-cluster-')),
      WEB_CONCURRENCY: 'muchos',
      PORT: '0',
    });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(
      /^Configuración inválida: WEB_CONCURRENCY debe ser un número de procesos/,
    );
  });

  describe.runIf(BACKENDS.includes('postgres'))('two processes on PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof createScratchPostgres>>;
    let server: ServerProcess;
    let port: number;
    let metricsPort: number;

    beforeAll(async () => {
      database = await createScratchPostgres();
      port = await freePort();
      metricsPort = await freePort();
      server = startServerProcess({
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: METRICS_TOKEN,
        // Each request's first line tells when it has reached a worker.
        LOG_LEVEL: 'info',
      });
      await server.ready();
    }, 120_000);

    afterAll(async () => {
      for (const pid of [server.child.pid!, ...workersOf(server.child.pid!)]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await database?.drop();
    });

    it('migrates once, then serves from two workers on one port', async () => {
      expect(server.output()).toContain(`Red Dental escuchando en http://localhost:${port} (2 procesos)`);
      expect(workersOf(server.child.pid!)).toHaveLength(2);
      const migrations = await database.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      const applied = await database.query<{ n: number }>(
        'select count(distinct hash)::int as n from drizzle.__drizzle_migrations',
      );
      expect(migrations[0]!.n).toBe(applied[0]!.n);
      const answers = await Promise.all(Array.from({ length: 6 }, () => health(port)));
      expect(answers).toEqual(Array(6).fill(200));
    });

    it('counts the requests of both workers in one set of metrics, on either way of asking', async () => {
      const healthCount = (text: string) =>
        Number(
          /http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*status_code="200"[^}]*\} (\d+)/.exec(
            text,
          )?.[1] ?? 0,
        );
      const fromPort = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const fromApp = async () =>
        (
          await fetch(`http://127.0.0.1:${port}/metrics`, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          })
        ).text();
      const before = healthCount(await fromPort());
      for (let i = 0; i < 10; i++) expect(await health(port)).toBe(200);
      expect(healthCount(await fromPort())).toBe(before + 10);
      // A worker asked on the app's port answers with both workers' figures too.
      expect(healthCount(await fromApp())).toBe(before + 10);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    });

    it('replaces a worker that dies, and keeps answering', async () => {
      const [victim, survivor] = workersOf(server.child.pid!);
      process.kill(victim!, 'SIGKILL');
      await until(async () => {
        const workers = workersOf(server.child.pid!);
        return workers.length === 2 && !workers.includes(victim!) && workers.includes(survivor!);
      }, 30_000);
      await until(
        () => server.output().includes(`El proceso ${victim} del servidor terminó (SIGKILL)`),
        5_000,
      );
      await until(async () => (await health(port)) === 200, 30_000);
    });

    it('finishes every request in flight on SIGTERM, then stops both workers', async () => {
      // Let the replacement take connections too.
      await new Promise((r) => setTimeout(r, 2_000));
      const workers = workersOf(server.child.pid!);
      const signInsSeen = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"msg":"incoming request"') && line.includes('/api/user/login'))
          .length;
      const before = signInsSeen();
      const inFlight = Array.from({ length: 8 }, () => signIn(port).then((r) => r.status));
      // Stopped once every request has reached a worker (a connection no worker took yet is not in
      // flight: it is closed, as a load balancer expects); argon2 keeps them there a while longer.
      await until(() => signInsSeen() >= before + 8, 10_000, 10);
      server.child.kill('SIGTERM');
      expect(await Promise.all(inFlight)).toEqual(Array(8).fill(200));
      expect(await server.exited).toBe(0);
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    });
  });
});
