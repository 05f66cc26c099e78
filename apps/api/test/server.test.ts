import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMINISTRATIVO_EMAIL,
  DEMO_PASSWORD,
  DEMO_PRESTADOR_EMAIL,
} from '../src/db/seed/demo-catalog.ts';
import { ADMIN } from './helpers.ts';
import { freePort, type ServerProcess, startServerProcess } from './processes.ts';

const running: ServerProcess[] = [];
afterAll(() => {
  for (const r of running) r.child.kill('SIGKILL');
});

describe('the server process', () => {
  it('stops at boot with one line naming a bad variable', async () => {
    const server = startServerProcess({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PORT: 'abc',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-cfg-')),
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuración inválida: PORT /);
  });

  it('refuses to start in production without SMTP_URL, in one line naming the variable', async () => {
    const server = startServerProcess({
      NODE_ENV: 'production',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-srv-prod-')),
      PORT: '0',
    });
    running.push(server);
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuración inválida: SMTP_URL .*MAIL_FILE_IN_PRODUCTION=true$/);
  });

  it('refuses to start in production on an empty database without ADMIN_PASSWORD, in one line', async () => {
    const server = startServerProcess({
      NODE_ENV: 'production',
      // Never reached: start-up stops before anything is sent.
      SMTP_URL: 'smtp://127.0.0.1:1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-srv-prod-')),
      PORT: '0',
    });
    running.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output().trim().split('\n')).toEqual([
      'La base de datos está vacía y falta ADMIN_PASSWORD: defina ADMIN_EMAIL y ADMIN_PASSWORD para crear el primer administrador.',
    ]);
  });

  it('loads no demo accounts into an embedded installation with its own administrator', async () => {
    const port = await freePort();
    const server = startServerProcess({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // DEMO_DATA left unset, as an operator following the README's demo logins would.
      DEMO_DATA: '',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-srv-own-admin-')),
      PORT: String(port),
    });
    running.push(server);
    await server.ready();
    expect(server.output()).not.toContain(DEMO_ADMINISTRATIVO_EMAIL);
    const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: DEMO_ADMINISTRATIVO_EMAIL, pass: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(401);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('runs exactly one of two servers started at once on one DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-srv-twice-'));
    const servers = [0, 1].map(() =>
      startServerProcess({
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DATA_DIR: dataDir,
        PORT: '0',
      }),
    );
    running.push(...servers);
    const outcomes = await Promise.all(
      servers.map((server) =>
        server.ready().then(
          () => 'runs',
          () => 'refused',
        ),
      ),
    );
    expect([...outcomes].sort()).toEqual(['refused', 'runs']);
    const refused = servers[outcomes.indexOf('refused')]!;
    expect(refused.output()).toContain('está en uso por otro proceso');
    const winner = servers[outcomes.indexOf('runs')]!;
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(winner.child.pid));
    winner.child.kill('SIGTERM');
    await winner.exited;
  });

  it('locks DATA_DIR, serves, finishes in-flight requests on SIGTERM, and takes over a stale lock', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-srv-'));
    const port = await freePort();
    const first = startServerProcess({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: dataDir,
      PORT: String(port),
    });
    running.push(first);
    await first.ready();
    expect(first.output()).toContain(`http://localhost:${port}`);
    expect(first.output()).toContain(`Administrador: ${ADMIN.email}`);
    const lockFile = path.join(dataDir, 'server.lock');
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.child.pid));

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    // A second process on the same directory would silently lose data: it must refuse to start.
    const second = startServerProcess({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
    });
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
    const third = startServerProcess({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: dataDir,
      PORT: String(port),
    });
    running.push(third);
    await third.ready();
    const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: ADMIN.email, pass: ADMIN.password }),
    });
    expect(login.status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);

    // Started again without ADMIN_*, where the demo set would be the default: an installation in use
    // gets no accounts with published passwords, and the banner names no credentials it cannot vouch for.
    const fourth = startServerProcess({ DEMO_DATA: '', DATA_DIR: dataDir, PORT: String(port) });
    running.push(fourth);
    await fourth.ready();
    expect(fourth.output()).toContain('Datos de demostración no cargados');
    expect(fourth.output()).not.toContain(DEMO_PASSWORD);
    const demoLogin = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: DEMO_PRESTADOR_EMAIL, pass: DEMO_PASSWORD }),
    });
    expect(demoLogin.status).toBe(401);
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
  }, 120_000);
});
