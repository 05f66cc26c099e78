import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES, MESSAGES, PUBLIC_CONFIG_META_NAME } from '@red-dental/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/helpers.ts';
import { type App, buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';

const INDEX_HTML = `<!doctype html>
<html lang="es-AR">
  <head>
    <title>Red Dental</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

// Quotes and angle brackets check the escaping: the attribute must not end early.
const TILE_URL = "https://tiles.example.com/{z}/{x}/{y}.png?label='mapa'&x=<b>";

/** The JSON of the config meta, decoded as a browser reads the attribute. */
function readConfigMeta(html: string): unknown {
  const match = new RegExp(`<meta name="${PUBLIC_CONFIG_META_NAME}" content='([^']*)' />`).exec(html);
  if (!match) return undefined;
  const content = match[1]!
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return JSON.parse(content);
}

describe('the served index.html', () => {
  let app: App;
  let database: Database;

  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'red-dental-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    database = await createTestDatabase('pglite');
    app = await buildApp({
      config: testConfig({ TILE_URL, NETWORK_CONTACT_EMAIL: 'red@reddental.example' }),
      database,
      startMailWorker: false,
      logger: false,
      webRoot,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(['/', '/afiliados?page=2', '/index.html'])(
    '%s carries the public settings in a meta',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(readConfigMeta(response.body)).toEqual({
        tileUrl: TILE_URL,
        affiliateLoginBirthdate: false,
        serviceWorker: true,
        contactEmail: 'red@reddental.example',
      });
      // The meta sits inside <head>, and nothing else of the page changed.
      expect(response.body.indexOf(PUBLIC_CONFIG_META_NAME)).toBeLessThan(response.body.indexOf('</head>'));
      expect(response.body).toContain('<div id="root"></div>');
    },
  );

  it.each(['/metrics', '/metrics?x=1', '/metrics/', '/api/no-existe', '/api?x=1'])(
    '%s answers a JSON 404 when nothing serves it, not the page (metrics off: no METRICS_TOKEN)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: MESSAGES.NOT_FOUND_ROUTE, code: ERROR_CODES.NOT_FOUND });
    },
  );

  it('leaves the other files as they are', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(PUBLIC_CONFIG_META_NAME);
  });
});

describe('build files that are not for browsers', () => {
  const MANIFEST = '{"index.html":{"file":"assets/index-abc123.js","isEntry":true}}';
  const MAP = '{"version":3,"sources":["../lib/session.ts"],"mappings":"AAAA"}';
  let webRoot: string;
  let database: Database;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'red-dental-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    mkdirSync(path.join(webRoot, '.vite'));
    mkdirSync(path.join(webRoot, 'assets'));
    // What `vite build` writes: the manifest the bundle-size benchmark reads, the bundle and its map.
    writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), MANIFEST);
    writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js.map'), MAP);
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database?.close());

  async function appIn(env: Record<string, string>) {
    const app = await buildApp({
      config: testConfig(env),
      database,
      startMailWorker: false,
      logger: false,
      webRoot,
    });
    await app.ready();
    return app;
  }

  /** What a browser gets for `url`: the file itself, or the page every unknown path gets. */
  async function fetchFrom(app: App, url: string) {
    const response = await app.inject({ method: 'GET', url });
    return {
      status: response.statusCode,
      isPage: response.body.includes('<div id="root">'),
      body: response.body,
    };
  }

  it.each([
    ['production', { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.internal:25' }],
    ['development', { NODE_ENV: 'development' }],
  ])('never serves the Vite manifest (%s)', async (_env, env) => {
    const app = await appIn(env);
    for (const url of [
      '/.vite/manifest.json',
      '/%2Evite/manifest.json',
      '/assets/../.vite/manifest.json',
      '/.vite/',
    ]) {
      const answer = await fetchFrom(app, url);
      expect(answer.body).not.toContain('isEntry');
      if (answer.status === 200) expect(answer.isPage).toBe(true);
    }
    await app.close();
  });

  it('serves source maps only outside production', async () => {
    const production = await appIn({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.internal:25' });
    const hidden = await fetchFrom(production, '/assets/index-abc123.js.map');
    expect(hidden.body).not.toContain('"mappings"');
    expect(hidden.isPage).toBe(true);
    expect((await fetchFrom(production, '/assets/index-abc123.js')).body).toBe('console.log(1)');
    await production.close();

    const development = await appIn({ NODE_ENV: 'development' });
    expect((await fetchFrom(development, '/assets/index-abc123.js.map')).body).toBe(MAP);
    await development.close();
  });
});

describe('pages with an HTML of their own', () => {
  let webRoot: string;
  let database: Database;

  const page = (body: string) => INDEX_HTML.replace('<div id="root"></div>', `<div id="root">${body}</div>`);

  beforeAll(async () => {
    // What the web build writes for its prerendered and preloading pages (apps/web/build/pages.ts).
    webRoot = mkdtempSync(path.join(tmpdir(), 'red-dental-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    mkdirSync(path.join(webRoot, 'pages'));
    writeFileSync(path.join(webRoot, 'pages', 'login-afiliado.html'), page('<form>DNI</form>'));
    writeFileSync(
      path.join(webRoot, 'pages', 'login-afiliado.fecha-nacimiento.html'),
      page('<form>DNI y Fecha de Nacimiento</form>'),
    );
    writeFileSync(path.join(webRoot, 'pages', 'cartilla.html'), page(''));
    writeFileSync(
      path.join(webRoot, 'pages', 'index.json'),
      JSON.stringify({
        '/login-afiliado': {
          file: 'pages/login-afiliado.html',
          variants: { '.fecha-nacimiento': 'pages/login-afiliado.fecha-nacimiento.html' },
        },
        '/cartilla': { file: 'pages/cartilla.html', showsMap: true },
      }),
    );
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database?.close());

  it.each([
    [{}, 'DNI'],
    [{ AFFILIATE_LOGIN_BIRTHDATE: 'true' }, 'DNI y Fecha de Nacimiento'],
  ])('serves the variant of the sign-in page that matches the settings (%o)', async (env, form) => {
    const app = await buildApp({
      config: testConfig(env),
      database,
      startMailWorker: false,
      logger: false,
      webRoot,
    });
    await app.ready();
    for (const url of ['/login-afiliado', '/login-afiliado/', '/login-afiliado?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<form>${form}</form>`);
      expect(readConfigMeta(response.body)).toMatchObject({
        affiliateLoginBirthdate: 'AFFILIATE_LOGIN_BIRTHDATE' in env,
      });
    }
    // The file itself (kept by the service worker) carries the settings too; other paths get the app.
    expect(
      readConfigMeta((await app.inject({ method: 'GET', url: '/pages/cartilla.html' })).body),
    ).toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/afiliados' })).body).toBe(
      (await app.inject({ method: 'GET', url: '/' })).body,
    );
    await app.close();
  });

  it.each([
    ['https://tiles.example.com/{z}/{x}/{y}{r}.png', 'https://tiles.example.com'],
    ['https://{s}.tile.example.com/{z}/{x}/{y}.png', null],
  ])(
    'connects a map page to the tile server early when its address names one (%s)',
    async (tileUrl, origin) => {
      const app = await buildApp({
        config: testConfig({ TILE_URL: tileUrl }),
        database,
        startMailWorker: false,
        logger: false,
        webRoot,
      });
      await app.ready();
      const preconnects = async (url: string) =>
        (await app.inject({ method: 'GET', url })).body.match(/<link rel="preconnect" href="([^"]+)">/g) ??
        [];
      for (const url of ['/cartilla', '/pages/cartilla.html'])
        expect(await preconnects(url)).toEqual(origin ? [`<link rel="preconnect" href="${origin}">`] : []);
      // Nobody else's visit is announced to the tile server.
      expect(await preconnects('/login-afiliado')).toEqual([]);
      expect(await preconnects('/')).toEqual([]);
      await app.close();
    },
  );
});
