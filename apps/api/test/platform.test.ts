import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedFirstAdmin } from '../src/db/seed/base.ts';
import { isDatabaseUnavailable } from '../src/lib/errors.ts';
import { serializeError } from '../src/lib/log.ts';
import errorsPlugin from '../src/plugins/errors.ts';
import {
  ADMIN,
  BACKENDS,
  createTestApp,
  createTestDatabase,
  loginAs,
  randomAddress,
  type TestContext,
  testConfig,
} from './helpers.ts';

describe.each(BACKENDS)('platform behaviour across instances (%s)', (backend) => {
  let ctx: TestContext;
  let second: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    // A second instance on the same database, as behind a load balancer.
    second = await buildApp({
      config: testConfig(),
      database: ctx.database,
      startMailWorker: false,
      logger: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('accepts tokens issued by another instance (the generated JWT secret lives in the database)', async () => {
    const auth = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
    const res = await second.inject({ method: 'GET', url: '/api/user/me', headers: auth });
    expect(res.statusCode).toBe(200);
  });

  it('shares rate-limit counters between instances', async () => {
    const remoteAddress = randomAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const app = i % 2 === 0 ? ctx.app : second;
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
    const res = await ctx.app.inject({
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
    const res = await ctx.app.inject({
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
  });

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
      'Garc',
      '30123456',
      'Secreto-Mal-Codificado',
      'Secreto-Raro',
      'Secreto-De-Firma',
    ])
      expect(log).not.toContain(secret);
    // What the log is for stays: which route, with which harmless parameters.
    expect(log).toContain('/recover-password/[oculto]');
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
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    webRoot = path.join(ctx.config.dataDir, 'web');
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
  afterAll(() => ctx.close());

  /** The app serving the temporary web root built above. */
  const buildSpaApp = () =>
    buildApp({ config: ctx.config, database: ctx.database, startMailWorker: false, logger: false, webRoot });

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
    for (const env of [{ DATABASE_URL: 'postgres://x@h/db' }, { NODE_ENV: 'production' }]) {
      expect(loadConfig(env).admin).toMatchObject({ password: undefined, isDefault: false });
      expect(loadConfig({ ...env, ADMIN_PASSWORD: 'Clave-Propia-2025' }).admin.password).toBe(
        'Clave-Propia-2025',
      );
      expect(() => loadConfig({ ...env, DEMO_DATA: 'true' })).toThrow(
        /^Configuración inválida: DEMO_DATA solo se admite con la base embebida fuera de producción/,
      );
    }
  });

  it('names the variable in one line when a value is bad', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/^Configuración inválida: TRUST_PROXY /);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY .*"10.0.0.0\/33"/);
    expect(() => loadConfig({ JWT_SECRET: 'corto' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ MAX_PDF_MB: 'mucho' })).toThrow(/MAX_PDF_MB/);
  });
});
