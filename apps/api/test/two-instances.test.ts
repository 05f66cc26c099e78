import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROLE_NAMES } from '@red-dental/contracts';
import { TEST_PASSWORD } from '@red-dental/testing';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPostgres } from '../src/db/client.ts';
import { MIGRATIONS_FOLDER } from '../src/db/migrate.ts';
import { UPSTREAM_INTERVAL_MS } from '../src/modules/geocoding/geocoding.service.ts';
import { createPaciente, hoy, setupRed } from '../src/modules/prestaciones/prestaciones.factories.ts';
import { createUserWithRoles } from '../src/modules/usuarios/usuarios.factories.ts';
import { startGeocoder } from './geocoder-server.ts';
import {
  ADMIN,
  BACKENDS,
  createScratchPostgres,
  loginAs,
  randomAddress,
  signInWithRole,
  testConfig,
  uniqueEmail,
} from './helpers.ts';
import { freePort, httpClient, type ServerProcess, signIn, startServerProcess, until } from './processes.ts';
import { startSmtp } from './smtp-server.ts';

/** Sign-ins with a wrong password allowed per account and address before 429 (ACCOUNT_FAILURE_LIMIT). */
const ACCOUNT_ATTEMPTS = 10;
/** Requests per client address and minute on a limited endpoint (ADDRESS_LIMIT). */
const ADDRESS_REQUESTS = 30;

/** From a client address of its own: the servers trust the loopback proxy's X-Forwarded-For. */
const from = (address = randomAddress()) => ({ 'x-forwarded-for': address });

describe.skipIf(!BACKENDS.includes('postgres'))('two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createScratchPostgres>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let a: ReturnType<typeof httpClient>;
  let b: ReturnType<typeof httpClient>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    database = await createScratchPostgres();
    const smtpPort = await freePort();
    smtp = await startSmtp(smtpPort, { delayMs: 20 });
    geocoder = await startGeocoder();
    geocoder.answer((_url, res) => res.end('[]'));
    // Started together on an empty database: both reach for the migrations at once.
    const instances = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const port = await freePort();
        const dataDir = mkdtempSync(path.join(tmpdir(), `rd-two-${name}-`));
        dataDirs.push(dataDir);
        servers.push(
          startServerProcess({
            DATABASE_URL: database.url,
            DATABASE_POOL_SIZE: '5',
            DATA_DIR: dataDir,
            PORT: String(port),
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
            MAIL_FROM: `Instancia ${name} <${name}@reddental.test>`,
            GEOCODER_URL: geocoder.url,
            TRUST_PROXY: 'loopback',
          }),
        );
        return httpClient(`http://127.0.0.1:${port}`);
      }),
    );
    [a, b] = instances as [typeof a, typeof b];
    await Promise.all(servers.map((server) => server.ready()));
    admin = await signIn(a, ADMIN.email, ADMIN.password, from());
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      servers.map((server) => {
        server.child.kill('SIGTERM');
        return server.exited;
      }),
    );
    await smtp?.close();
    geocoder?.close();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('migrates once when both start together: both serve, each migration is applied once, one first administrator', async () => {
    expect((await a('GET', '/api/health')).status).toBe(200);
    expect((await b('GET', '/api/health')).status).toBe(200);
    const applied = await database.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
    const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
    expect(applied.map((m) => m.hash).sort()).toEqual(migrations.map((m) => m.hash).sort());
    const admins = await database.query('select id from users where email = $1', [ADMIN.email]);
    expect(admins).toHaveLength(1);
  });

  it('accepts a session from one instance at the other, and refuses it at both once it is ended at either', async () => {
    const user = { email: uniqueEmail('administrativa'), password: TEST_PASSWORD };
    const created = await a('POST', '/api/user', {
      headers: admin,
      body: { user: user.email, pass: user.password, roles: [ROLE_NAMES.ADMINISTRATIVO] },
    });
    expect(created.status).toBe(201);

    // Signed in at B, served by A; a second device signed in at A.
    const session = await signIn(b, user.email, user.password, from());
    const otherDevice = await signIn(a, user.email, user.password, from());
    expect((await a('GET', '/api/user/me', { headers: session })).status).toBe(200);
    expect((await b('GET', '/api/user/me', { headers: session })).status).toBe(200);

    // Signed out at A: the next request of that device fails at both; the other device stays signed in at both.
    expect((await a('POST', '/api/user/logout', { headers: session })).status).toBe(204);
    expect((await a('GET', '/api/user/me', { headers: session })).status).toBe(401);
    expect((await b('GET', '/api/user/me', { headers: session })).status).toBe(401);
    expect((await a('GET', '/api/user/me', { headers: otherDevice })).status).toBe(200);
    expect((await b('GET', '/api/user/me', { headers: otherDevice })).status).toBe(200);

    // An administrator at B changes the user's roles: the session from A ends at both.
    const again = await signIn(a, user.email, user.password, from());
    expect((await b('GET', '/api/user/me', { headers: again })).status).toBe(200);
    const changed = await b('PUT', `/api/user/${created.body.id}`, {
      headers: admin,
      body: { roles: [ROLE_NAMES.PRESTADOR] },
    });
    expect(changed.status).toBe(200);
    expect((await a('GET', '/api/user/me', { headers: again })).status).toBe(401);
    expect((await b('GET', '/api/user/me', { headers: again })).status).toBe(401);
  });

  it('counts sign-in attempts across both instances: the account limit and the address limit trip at the same total', async () => {
    const account = uniqueEmail('adivinada');
    const guesser = randomAddress();
    for (let i = 0; i < ACCOUNT_ATTEMPTS; i++) {
      const res = await (i % 2 === 0 ? a : b)('POST', '/api/user/login', {
        headers: from(guesser),
        body: { user: account, pass: `intento-${i}` },
      });
      expect(res.status).toBe(401);
    }
    for (const instance of [a, b]) {
      const res = await instance('POST', '/api/user/login', {
        headers: from(guesser),
        body: { user: account, pass: 'x' },
      });
      expect(res.status).toBe(429);
    }

    // Every request from an address counts, even one refused for its body.
    const address = randomAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= ADDRESS_REQUESTS; i++) {
      const res = await (i % 2 === 0 ? a : b)('POST', '/api/user/login', {
        headers: from(address),
        body: {},
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, ADDRESS_REQUESTS).every((s) => s === 400)).toBe(true);
    expect(statuses[ADDRESS_REQUESTS]).toBe(429);
  });

  it('sends each queued mail once, with both instances sending', async () => {
    const accounts = [ADMIN.email];
    for (let i = 0; i < 5; i++) {
      const email = uniqueEmail('recupera');
      const res = await a('POST', '/api/user', {
        headers: admin,
        body: { user: email, pass: TEST_PASSWORD, roles: [ROLE_NAMES.ADMINISTRATIVO] },
      });
      expect(res.status).toBe(201);
      accounts.push(email);
    }
    // Five recovery requests per account (the hourly cap of mails), half at each instance, two at a time.
    const requests = accounts.flatMap((email) => Array.from({ length: 5 }, () => email));
    await Promise.all(
      [a, b].map(async (instance, half) => {
        for (const email of requests.filter((_, i) => i % 2 === half)) {
          const res = await instance('POST', '/api/user/recover-password', {
            headers: from(),
            body: { email },
          });
          expect(res.status).toBe(200);
        }
      }),
    );

    const outbox = () => database.query<{ id: string; status: string }>('select id, status from mail_outbox');
    await until(async () => (await outbox()).every((row) => row.status === 'sent'), 60_000);
    // Longer than a worker's poll: a mail sent twice would have shown up by now.
    await new Promise((r) => setTimeout(r, 3000));
    const queued = (await outbox()).map((row) => String(row.id)).sort();
    expect(queued.length).toBeGreaterThanOrEqual(requests.length);
    expect(smtp.received.map((mail) => mail.outboxId).sort()).toEqual(queued);
    const senders = new Set(smtp.received.map((mail) => /^From: Instancia (\w)/m.exec(mail.raw)?.[1]));
    expect([...senders].sort()).toEqual(['a', 'b']);
  }, 120_000);

  it('keeps the geocoder to one request a second across both instances', async () => {
    geocoder.requests.length = 0;
    const queries = ['Lavalle 100', 'Lavalle 200', 'Lavalle 300', 'Lavalle 400'];
    const answers = await Promise.all(
      queries.map((q, i) =>
        (i % 2 === 0 ? a : b)('GET', `/api/geocode?q=${encodeURIComponent(q)}`, { headers: admin }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const times = geocoder.requests.map((r) => r.at).sort((x, y) => x - y);
    expect(times).toHaveLength(queries.length);
    // As the geocoder sees them: a second apart, allowing a busy test machine its timer delays.
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(UPSTREAM_INTERVAL_MS - 200);
  });

  it('serializes validations for one affiliate across both instances: the last allowed unit is used once', async () => {
    // The network is set up through an app of the test's own on the same database: a third instance.
    const database3 = openPostgres(database.url, 2);
    const app = await buildApp({
      config: testConfig(),
      database: database3,
      startMailWorker: false,
      logger: false,
      webRoot: path.join(tmpdir(), 'no-web'),
    });
    try {
      await app.ready();
      const adminAuth = await loginAs(app, ADMIN.email, ADMIN.password);
      const staff = await signInWithRole(app, adminAuth, 'ADMINISTRATIVO');
      const red = await setupRed(app, adminAuth, staff, 'dos');
      const paciente = await createPaciente(app, staff, red);
      // Two dentists of the network who take the insurer (their sign-up mails would race the servers' workers).
      const dentist = async (nombre: string) => {
        const user = await createUserWithRoles(app, adminAuth, ['PRESTADOR']);
        const [row] = await database.query<{ id: number }>(
          `insert into profesionales (user_id, nombre, email, busqueda) values ($1, $2, $3, $4) returning id`,
          [user.id, nombre, user.email, nombre.toLowerCase()],
        );
        await database.query('insert into profesional_obras_sociales values ($1, $2)', [row!.id, red.os.id]);
        return user;
      };
      const [uno, otro] = [await dentist('Ana Dos'), await dentist('Beto Dos')];
      const body = { documento: paciente.documento, fecha: hoy(), lineas: [{ codigo: '05.01' }] };
      const ana = await signIn(a, uno.email, uno.password, from());
      const beto = await signIn(b, otro.email, otro.password, from());
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          i % 2 === 0
            ? a('POST', '/api/prestaciones/validar', { headers: ana, body })
            : b('POST', '/api/prestaciones/validar', { headers: beto, body }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
      const rows = await database.query('select id from lineas where afiliado_id = $1', [paciente.id]);
      expect(rows).toHaveLength(1);
    } finally {
      await app.close();
      await database3.close();
    }
  }, 120_000);
});
