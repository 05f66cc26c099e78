import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGES } from '@red-dental/contracts';
import { afiliadosCsv, generateAfiliados } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, queryRows } from '../src/db/client.ts';
import { seedFirstAdmin } from '../src/db/seed/base.ts';
import { isDatabaseUnavailable } from '../src/lib/errors.ts';
import { serializeError } from '../src/lib/log.ts';
import { afiliadoAuth, createAfiliado } from '../src/modules/afiliados/afiliados.factories.ts';
import { createObraSocial } from '../src/modules/obras-sociales/obras-sociales.factories.ts';
import errorsPlugin from '../src/plugins/errors.ts';
import {
  ADMIN,
  BACKENDS,
  createTestApp,
  createTestDatabase,
  loginAs,
  multipart,
  randomAddress,
  type TestContext,
  testConfig,
  useTestApp,
} from './helpers.ts';

describe.each(BACKENDS)('platform behaviour across instances (%s)', (backend) => {
  const t = useTestApp(backend);
  let second: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    // A second instance on the same database, as behind a load balancer.
    second = await buildApp({
      config: testConfig(),
      database: t.database,
      startMailWorker: false,
      logger: false,
    });
    await second.ready();
  });
  afterAll(() => second.close());

  it('accepts tokens issued by another instance (the generated JWT secret lives in the database)', async () => {
    const res = await second.inject({ method: 'GET', url: '/api/user/me', headers: t.admin });
    expect(res.statusCode).toBe(200);
  });

  it('shares rate-limit counters between instances', async () => {
    const remoteAddress = randomAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/recover-password',
        payload: { email: `x${i}@example.com` },
        remoteAddress,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([429]);
    expect(statuses[30]).toBe(429);
  });

  it('refuses bodies over the limit with 413 and a Spanish message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ user: 'a@b.c', pass: 'x'.repeat(2 * 1024 * 1024) }),
      remoteAddress: randomAddress(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'La solicitud es demasiado grande', code: 'DEMASIADO_GRANDE' });
  });

  it('answers 415 in Spanish to a body type it does not take', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<user/>',
      remoteAddress: randomAddress(),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('Tipo de contenido no admitido');
  });
});

describe.each(BACKENDS)('what API answers let caches keep (%s)', (backend) => {
  const t = useTestApp(backend);

  it('marks every API answer no-store: data, refusals and unknown paths', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.admin }),
      t.app.inject({
        method: 'GET',
        url: '/api/afiliados/paginated?pageIndex=0&pageSize=10',
        headers: t.admin,
      }),
      t.app.inject({ method: 'GET', url: '/api/afiliados/paginated?pageIndex=0&pageSize=10' }),
      t.app.inject({ method: 'GET', url: '/api/nada' }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404, 200]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it("keeps the affiliate directory's own revalidation with its ETag", async () => {
    const os = await createObraSocial(t.app, t.admin);
    const afiliado = await createAfiliado(t.app, t.admin, os.id);
    const auth = await afiliadoAuth(t.app, afiliado.id);
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/profesionales/obrasocial',
      headers: auth,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/profesionales/obrasocial',
      headers: { ...auth, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('request ids', () => {
  const idOf = async (ctx: TestContext, given: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } })).headers[
      'x-request-id'
    ];
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("keeps a trusted proxy's well-formed id, and replaces anything else with a fresh one", async () => {
    const ctx = await createTestApp('pglite', { TRUST_PROXY: '1' });
    for (const good of ['lb-7f3a.2026:01_x', 'a', '0d6f1c2e-4b8a-4c3e-9f1a-2b3c4d5e6f70', 'x'.repeat(64)])
      expect(await idOf(ctx, good)).toBe(good);
    for (const bad of ['x'.repeat(65), 'con espacio', '<script>', 'a/b', '"\\u0000', '%0a'])
      expect(await idOf(ctx, bad)).toMatch(UUID);
    await ctx.close();
  });

  it('makes its own id without a trusted proxy', async () => {
    const ctx = await createTestApp('pglite');
    expect(await idOf(ctx, 'lb-7f3a')).toMatch(UUID);
    await ctx.close();
  });
});

/**
 * One raw connection: text is written, a number waits that many milliseconds.
 * Like a client that does not stop uploading when an answer comes, it goes
 * on writing after the server has closed its side; it reads until then, or
 * until `deadlineMs`.
 */
async function sendSlowly(port: number, steps: (string | Buffer | number)[], deadlineMs: number) {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  socket.on('error', () => {});
  await once(socket, 'connect');
  let received = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  const closing = new Promise<void>((resolve) =>
    socket.once('end', () => {
      closed = true;
      resolve();
    }),
  );
  const started = Date.now();
  for (const step of steps) {
    if (typeof step === 'number') await sleep(step);
    else if (!socket.destroyed) socket.write(step);
  }
  await Promise.race([closing, sleep(Math.max(0, deadlineMs - (Date.now() - started)))]);
  socket.destroy();
  const [head = '', body = ''] = received.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body, closed, ms: Date.now() - started };
}

describe.each(BACKENDS)('requests that arrive too slowly (%s)', (backend) => {
  const TIMEOUTS = { headersMs: 500, bodyMs: 500, uploadMs: 3000, checkIntervalMs: 100 };
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port: number;
  let auth: Record<string, string>;
  let obraSocialId: number;

  beforeAll(async () => {
    const config = testConfig();
    database = await createTestDatabase(backend, config.statementTimeoutMs);
    await seedFirstAdmin(database.db, config);
    app = await buildApp({ config, database, startMailWorker: false, logger: false, timeouts: TIMEOUTS });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    auth = await loginAs(app, ADMIN.email, ADMIN.password);
    obraSocialId = (await createObraSocial(app, auth)).id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const expectCutOff = (answer: Awaited<ReturnType<typeof sendSlowly>>) => {
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ error: MESSAGES.REQUEST_TIMEOUT, code: 'VALIDACION' });
    expect(answer.closed).toBe(true);
  };

  it('answers a Spanish 408 and closes when the headers never end', async () => {
    const answer = await sendSlowly(port, ['GET /api/health HTTP/1.1\r\nHost: localhost\r\n'], 5_000);
    expectCutOff(answer);
    expect(answer.ms).toBeLessThan(3_000);
  });

  it("cuts off a JSON body that trickles in, well before the uploads' budget", async () => {
    const answer = await sendSlowly(
      port,
      [
        'POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n',
        '{"user":"a',
        400,
        'dmin@test',
      ],
      5_000,
    );
    expectCutOff(answer);
    expect(answer.ms).toBeLessThan(TIMEOUTS.uploadMs);
  });

  /** The import form for `rows` new affiliates, as request head and body; the documents start at `first`. */
  function importRequest(first: number, options: { dryRun: boolean }) {
    const csv = afiliadosCsv(generateAfiliados(3, { firstDocumento: first, documentos: 'sequential' }), {
      columns: ['nombre', 'documento'],
    });
    const form = multipart({ obraSocialId: String(obraSocialId) }, { name: 'padron.csv', content: csv });
    const head = `POST /api/afiliados/import-csv${options.dryRun ? '?dryRun=true' : ''} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${auth.authorization}\r\nContent-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\nConnection: close\r\n\r\n`;
    return { head, body: form.payload };
  }

  it('lets an upload take longer than a JSON body may, within its own budget', async () => {
    const { head, body } = importRequest(41_000_000, { dryRun: true });
    const quarter = Math.ceil(body.length / 4);
    const pieces = [0, 1, 2, 3].map((i) => body.subarray(i * quarter, (i + 1) * quarter));
    const answer = await sendSlowly(
      port,
      [head, pieces[0]!, 400, pieces[1]!, 400, pieces[2]!, 400, pieces[3]!],
      10_000,
    );
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ count: 3, created: 3, dryRun: true });
  });

  it('cuts off an upload past its budget, and the rest arriving later imports nothing', async () => {
    const { head, body } = importRequest(42_000_000, { dryRun: false });
    const half = Math.ceil(body.length / 2);
    const answer = await sendSlowly(
      port,
      [head, body.subarray(0, half), TIMEOUTS.uploadMs + 1_000, body.subarray(half)],
      TIMEOUTS.uploadMs + 6_000,
    );
    expectCutOff(answer);
    await sleep(500);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from afiliados where documento like '4200000%'`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('client address behind a proxy', () => {
  /** 31 sign-ins through a proxy at 10.9.9.9; returns the status of the last one. */
  async function thirtyFirst(ctx: TestContext, forwardedFor: (i: number) => string) {
    let status = 0;
    for (let i = 0; i < 31; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/afiliados/login',
        payload: { documento: String(20_000_000 + i) },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      status = res.statusCode;
    }
    return status;
  }

  it('counts a client that writes its own X-Forwarded-For as one address, behind one trusted proxy', async () => {
    for (const trust of ['1', '10.0.0.0/8', 'loopback, 10.9.9.9']) {
      const ctx = await createTestApp('pglite', { TRUST_PROXY: trust });
      // The client forges a new address each time; the proxy appends the one it really comes from.
      expect(await thirtyFirst(ctx, (i) => `203.0.113.${i}, 198.51.100.7`)).toBe(429);
      // Another client behind the same proxy is not held back by the first.
      const other = await ctx.app.inject({
        method: 'POST',
        url: '/api/afiliados/login',
        payload: { documento: '20999999' },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': '198.51.100.9' },
      });
      expect(other.statusCode).toBe(401);
      await ctx.close();
    }
    // Three apps, each on a database of its own: more than one test's usual time on a busy machine.
  }, 90_000);

  it('ignores X-Forwarded-For without TRUST_PROXY: everyone behind the proxy is its address', async () => {
    const ctx = await createTestApp('pglite');
    expect(await thirtyFirst(ctx, (i) => `198.51.100.${i}`)).toBe(429);
    await ctx.close();
  });

  it('counts IPv6 clients per /64 network', async () => {
    const ctx = await createTestApp('pglite');
    const signIn = (remoteAddress: string, i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/afiliados/login',
        payload: { documento: String(21_000_000 + i) },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await signIn(`2001:db8:0:42::${(i + 1).toString(16)}`, i)).statusCode);
    expect(statuses[29]).toBe(401);
    expect(statuses[30]).toBe(429);
    expect((await signIn('2001:db8:0:43::1', 99)).statusCode).toBe(401);
    await ctx.close();
  });
});

describe('first administrator', () => {
  it.each(BACKENDS)(
    'is not created without ADMIN_PASSWORD outside the embedded demo (%s)',
    async (backend) => {
      const database = await createTestDatabase(backend);
      const config = {
        ...testConfig(),
        admin: { email: 'jefa@example.com', password: undefined, isDefault: false },
      };
      await expect(seedFirstAdmin(database.db, config)).rejects.toThrow(
        'La base de datos está vacía y falta ADMIN_PASSWORD: defina ADMIN_EMAIL y ADMIN_PASSWORD para crear el primer administrador.',
      );
      await database.close();
    },
  );
});

describe('request log', () => {
  it('keeps the SQL of a failed statement but never its parameters', async () => {
    const ctx = await createTestApp('pglite');
    const failed = await ctx.database.db
      .execute(sql`select ${'30123456'}::int / 0`)
      .catch((error: unknown) => error);
    const logged = JSON.stringify(serializeError(failed as Error));
    expect(logged).not.toContain('30123456');
    expect(logged).toContain('Failed query: select $1::int / 0');
    await ctx.close();
  });

  it('keeps no single-use token from a path and no searched text', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const ctx = await createTestApp('pglite', {}, { logger: { level: 'info', stream } });
    const auth = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
    const urls = [
      '/recover-password/Secreto-De-Recuperacion-1',
      '/confirmar-email/Secreto-De-Confirmacion-2',
      '/invitacion/Secreto-De-Invitacion-3',
      '/api/user/invitaciones/Secreto-De-Invitacion-4',
      '/api/afiliados/paginated?pageIndex=0&pageSize=10&search=Garc%C3%ADa%20Perez',
      '/api/afiliados?search=30123456&limit=5',
      '/api/files/notificaciones/2026/11/a.pdf?s=u.1.0&e=1&n=a.pdf&sig=Secreto-De-Firma',
      // Names that cannot be decoded are hidden too, and never break the log.
      '/api/afiliados?%E0=Secreto-Mal-Codificado&search%=Secreto-Raro',
    ];
    for (const url of urls) await ctx.app.inject({ method: 'GET', url, headers: auth });
    await ctx.close();
    const log = lines.join('');
    for (const secret of [
      'Secreto-De-Recuperacion-1',
      'Secreto-De-Confirmacion-2',
      'Secreto-De-Invitacion-3',
      'Secreto-De-Invitacion-4',
      'Garc',
      '30123456',
      'Secreto-Mal-Codificado',
      'Secreto-Raro',
      'Secreto-De-Firma',
    ])
      expect(log).not.toContain(secret);
    // What the log is for stays: which route, with which harmless parameters.
    expect(log).toContain('/recover-password/[oculto]');
    expect(log).toContain('/api/user/invitaciones/[oculto]');
    expect(log).toContain('/api/afiliados/paginated?pageIndex=0&pageSize=10&search=[oculto]');
    expect(log).toContain('/api/afiliados?search=[oculto]&limit=5');
    expect(log).toContain('/api/files/notificaciones/2026/11/a.pdf?s=u.1.0&e=1&n=a.pdf&sig=[oculto]');
  });
});

describe('database failures', () => {
  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    '57014',
  ])('answers 503 with the Spanish message for %s', async (code) => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/falla', async () => {
      throw Object.assign(new Error('connection failure'), { code });
    });
    const res = await app.inject({ method: 'GET', url: '/falla' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: MESSAGES.DATABASE_DOWN, code: 'NO_DISPONIBLE' });
    await app.close();
  });

  it.runIf(BACKENDS.includes('postgres'))('cancels a statement that runs past the timeout', async () => {
    const ctx = await createTestApp('postgres', { DATABASE_STATEMENT_TIMEOUT_S: '0.5' });
    const slow = ctx.database.db.execute(sql`select pg_sleep(3)`);
    await expect(slow).rejects.toSatisfy((error: unknown) => isDatabaseUnavailable(error));
    await expect(ctx.database.db.execute(sql`select pg_sleep(3)`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '57014' }),
    });
    await ctx.close();
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const ctx = await createTestApp('pglite');
    await ctx.database.close();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('NO_DISPONIBLE');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user: ADMIN.email, pass: 'x' },
      remoteAddress: randomAddress(),
    });
    expect(login.statusCode).toBe(503);
    expect(login.json().error).not.toMatch(/select|insert|pglite/i);
    await ctx.app.close();
  });
});

describe('single-page app', () => {
  const t = useTestApp('pglite', { admin: false });
  let webRoot: string;
  beforeAll(async () => {
    webRoot = path.join(t.config.dataDir, 'web');
    mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Red Dental</title><div id="root"></div>',
    );
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the build writes beside each text asset.
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  });

  /** The app serving the temporary web root built above. */
  const buildSpaApp = () =>
    buildApp({ config: t.config, database: t.database, startMailWorker: false, logger: false, webRoot });

  it('falls back to index.html for client routes, serves assets with long caching, and keeps API 404s as JSON', async () => {
    const app = await buildSpaApp();
    const page = await app.inject({ method: 'GET', url: '/afiliados/import-csv' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ method: 'GET', url: '/api/nada' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NO_ENCONTRADO');
    await app.close();
  });

  it('sends the precompressed copy the browser accepts, brotli first, and the plain file otherwise', async () => {
    const app = await buildSpaApp();
    const get = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    await app.close();
  });
});

describe('configuration', () => {
  it('takes TRUST_PROXY as nothing, a hop count or proxy addresses, and refuses a bare true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '00' }).trustProxy).toBe(false);
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.1, 0.0.0.0/00'])
      expect(() => loadConfig({ TRUST_PROXY: everyone })).toThrow(/^Configuración inválida: TRUST_PROXY /);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Configuración inválida: TRUST_PROXY no acepta true .*por ejemplo 1/,
    );
  });

  it('parses booleans, defaults and derived values', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/rd', TRUST_PROXY: '1' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      trustProxy: 1,
      demoData: true,
      maxCsvBytes: 50 * 1024 * 1024,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: '/tmp/rd', DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('keeps the published passwords to the embedded demo', () => {
    expect(loadConfig({}).admin).toMatchObject({ password: 'RedDental2025!', isDefault: true });
    for (const env of [
      { DATABASE_URL: 'postgres://x@h/db' },
      { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.internal:25' },
    ]) {
      expect(loadConfig(env).admin).toMatchObject({ password: undefined, isDefault: false });
      expect(loadConfig({ ...env, ADMIN_PASSWORD: 'Clave-Propia-2025' }).admin.password).toBe(
        'Clave-Propia-2025',
      );
      expect(() => loadConfig({ ...env, DEMO_DATA: 'true' })).toThrow(
        /^Configuración inválida: DEMO_DATA solo se admite con la base embebida fuera de producción/,
      );
    }
  });

  it('loads the demo accounts only into an installation that did not name its own administrator', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ ADMIN_PASSWORD: 'Clave-Propia-2025' }).demoData).toBe(false);
    expect(loadConfig({ ADMIN_EMAIL: 'jefa@example.com' }).demoData).toBe(false);
    expect(loadConfig({ ADMIN_PASSWORD: 'Clave-Propia-2025', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ ADMIN_EMAIL: 'jefa@example.com', DEMO_DATA: '1' }).demoData).toBe(true);
  });

  it('refuses to write mails to files in production unless MAIL_FILE_IN_PRODUCTION says so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /^Configuración inválida: SMTP_URL es obligatoria en producción .*MAIL_FILE_IN_PRODUCTION=true$/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_FILE_IN_PRODUCTION: 'false' })).toThrow(
      /SMTP_URL es obligatoria/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_FILE_IN_PRODUCTION: 'si' })).toThrow(
      /^Configuración inválida: MAIL_FILE_IN_PRODUCTION /,
    );
    expect(loadConfig({ NODE_ENV: 'production', MAIL_FILE_IN_PRODUCTION: 'true' }).smtpUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.internal:25' }).smtpUrl).toBe(
      'smtp://mail.internal:25',
    );
    // Outside production the files are how a local installation follows its mail.
    expect(loadConfig({}).smtpUrl).toBeUndefined();
  });

  it('names the variable in one line when a value is bad', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/^Configuración inválida: TRUST_PROXY /);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY .*"10.0.0.0\/33"/);
    expect(() => loadConfig({ JWT_SECRET: 'corto' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ MAX_PDF_MB: 'mucho' })).toThrow(/MAX_PDF_MB/);
  });
});
