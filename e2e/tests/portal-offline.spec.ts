import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { networkClock, WEEKDAYS } from '@red-dental/contracts';
import { uniqueName } from '@red-dental/testing';
import { ADMIN } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (it claims open pages when first installed). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
}

/** Every URL kept in Cache Storage, cache by cache. */
function keptUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
}

/** What the worker keeps of a person: every URL kept outside the app's own files (Workbox's precache). */
function personalCopy(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      if (!name.startsWith('workbox-precache'))
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
}

const NO_ANSWER = 'sin respuesta';

/** What asking for `link` from the page gets: the answer's status and type, or no answer at all. */
function openFile(page: Page, link: string) {
  return page.evaluate(
    async ({ link, none }) =>
      fetch(link).then(
        (response) => ({ status: response.status, type: response.headers.get('content-type') }),
        () => none,
      ),
    { link, none: NO_ANSWER },
  );
}

/** Waits, in real time, until `moment` has passed: the service worker runs on the machine's clock. */
async function waitUntil(moment: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, moment - Date.now()) + 1000));
}

const SESSION_EXPIRED = 'Su sesión expiró o no es válida. Inicie sesión nuevamente';
/** The affiliates' sign-in page, asked to come back to `path` once signed in. */
const signInReturningTo = (path: string) =>
  new RegExp(`/login-afiliado\\?redirectTo=${encodeURIComponent(path)}$`);

const openAllDay = Object.fromEntries(
  WEEKDAYS.map((d) => [
    d,
    d === networkClock(new Date()).day
      ? { enabled: true, times: [{ start: '00:00', end: '23:59' }] }
      : { enabled: false, times: [] },
  ]),
);

test('an affiliate installs the portal, reads the cartilla, the notifications and an opened PDF offline, and signing out leaves nothing personal', async ({
  page,
  backend,
  loginAs,
  consoleWatch,
}) => {
  // Offline, the browser reports each map tile and request it could not fetch.
  consoleWatch.allow(/ERR_INTERNET_DISCONNECTED/);
  const afiliado = await loginAs('AFILIADO');
  const dentist = await backend.createCartillaProfesional(afiliado.obraSocialId, {
    nombre: uniqueName('Diana Sin Señal'),
    direccion: 'Av. Cabildo 2000',
    localidad: 'Belgrano',
    lat: '-34.561',
    long: '-58.456',
    horarios: openAllDay,
  });
  const title = uniqueName('Aviso para leer sin conexión');
  await backend.sendToAfiliados(afiliado.obraSocialId, title);

  // Installable: a Spanish manifest that opens the portal, and a service worker in control.
  await page.goto('/perfil-afiliado');
  await controlled(page);
  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(manifestUrl!)).json();
  expect(manifest).toMatchObject({ short_name: 'Red Dental', lang: 'es-AR', start_url: '/perfil-afiliado' });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );

  // What the affiliate sees online is what stays readable offline.
  await page.reload();
  await expect(page.getByLabel('Documento')).toHaveValue(afiliado.documento);
  await page.goto('/cartilla');
  await expect(page.getByText(dentist.nombre).first()).toBeVisible();
  await page.goto('/notificaciones-afiliado');
  const ver = page.getByRole('link', { name: `Ver ${title} (se abre en una pestaña nueva)` });
  const popup = page.waitForEvent('popup');
  await ver.click();
  await (await popup).close();

  await page.context().setOffline(true);
  await page.goto('/cartilla');
  await expect(page.getByText(/^Sin conexión — cartilla del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByText(dentist.nombre).first()).toBeVisible();
  // The filters run on the device, on Buenos Aires' clock.
  await page.getByRole('checkbox', { name: 'Atiende ahora' }).check();
  await expect(page.getByText('1 profesional', { exact: true })).toBeVisible();
  await scanAndCapture(page, 'cartilla-sin-conexion');

  await page.goto('/notificaciones-afiliado');
  await expect(page.getByText(/^Sin conexión — notificaciones del /)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  // The PDF opened earlier opens again, through the link the kept list holds.
  const href = await ver.getAttribute('href');
  const pdf = await page.evaluate(async (link) => {
    const response = await fetch(link);
    return { status: response.status, type: response.headers.get('content-type') };
  }, href!);
  expect(pdf).toEqual({ status: 200, type: 'application/pdf' });
  await scanAndCapture(page, 'notificaciones-afiliado-sin-conexion');

  // Back online, the notice goes with the first fresh answer.
  await page.context().setOffline(false);
  await expect(page.getByText(/^Sin conexión/)).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();

  expect((await keptUrls(page)).filter((url) => url.includes('/api/')).length).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login-afiliado$/);
  await expect.poll(async () => (await keptUrls(page)).filter((url) => url.includes('/api/'))).toEqual([]);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).toEqual([]);
  // The app itself stays kept: the sign-in page opens without a connection.
  await page.context().setOffline(true);
  await page.goto('/login-afiliado');
  await expect(page.getByRole('heading', { name: 'Portal de afiliados' })).toBeVisible();
  await page.context().setOffline(false);
});

test('offline, a session past its end opens on the sign-in page with nothing kept, and a link naming another affiliate never gets a kept PDF', async ({
  page,
  backend,
  loginAs,
  consoleWatch,
}) => {
  // The session must outlast the reading online, and then the test waits for its end.
  test.slow();
  consoleWatch.allow(/ERR_INTERNET_DISCONNECTED/);
  consoleWatch.allow(/status of 401/);
  // A file the worker will not answer offline fails as any request without a connection.
  consoleWatch.allow(/net::ERR_FAILED \(.*\/api\/files\//);
  const sessionEndsAt = Date.now() + 40_000;
  const afiliado = await loginAs('AFILIADO', { sessionEndsAt });
  const title = uniqueName('Aviso que se va con la sesión');
  await backend.sendToAfiliados(afiliado.obraSocialId, title);

  await page.goto('/notificaciones-afiliado');
  await controlled(page);
  await page.reload();
  const ver = page.getByRole('link', { name: `Ver ${title} (se abre en una pestaña nueva)` });
  const popup = page.waitForEvent('popup');
  await ver.click();
  await (await popup).close();
  const link = (await ver.getAttribute('href'))!;
  await page.goto('/perfil-afiliado');
  await expect(page.getByLabel('Documento')).toHaveValue(afiliado.documento);

  // Until the session ends, its copy reads offline, the opened PDF included.
  await page.context().setOffline(true);
  await page.goto('/notificaciones-afiliado');
  await expect(page.getByText(/^Sin conexión — notificaciones del /)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  expect(await openFile(page, link)).toEqual({ status: 200, type: 'application/pdf' });
  // Offline nobody can check a link's signature: one naming another affiliate gets nothing kept.
  const forged = new URL(link, page.url());
  forged.searchParams.set('s', 'a.999.0');
  forged.searchParams.set('sig', 'forged');
  expect(await openFile(page, `${forged.pathname}${forged.search}`)).toBe(NO_ANSWER);

  // The phone is put away, and opened again without a connection after the session's end.
  await page.goto('about:blank');
  await waitUntil(sessionEndsAt);
  await page.goto('/perfil-afiliado');
  await expect(page).toHaveURL(signInReturningTo('/perfil-afiliado'));
  await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
  await expect(page.getByLabel('Documento')).toHaveCount(0);
  await expect.poll(() => personalCopy(page)).toEqual([]);
  await scanAndCapture(page, 'sesion-vencida-sin-conexion');
  // Nothing of it opens any more: not the notifications (the affiliates' sign-in opens, as for
  // any visitor without a session), not the PDF through the link they held.
  await page.goto('/notificaciones-afiliado');
  await expect(page).toHaveURL(signInReturningTo('/notificaciones-afiliado'));
  await expect(page.getByText(title)).toHaveCount(0);
  expect(await openFile(page, link)).toBe(NO_ANSWER);
  await page.context().setOffline(false);
});

test('the portal left open offline gives way to the sign-in page when the session ends', async ({
  page,
  loginAs,
  consoleWatch,
}) => {
  test.slow();
  consoleWatch.allow(/ERR_INTERNET_DISCONNECTED/);
  consoleWatch.allow(/status of 401/);
  const sessionEndsAt = Date.now() + 25_000;
  const afiliado = await loginAs('AFILIADO', { sessionEndsAt });
  await page.goto('/perfil-afiliado');
  await controlled(page);
  await page.reload();
  await expect(page.getByLabel('Documento')).toHaveValue(afiliado.documento);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Sin conexión — datos del /)).toBeVisible();
  await expect(page.getByLabel('Documento')).toHaveValue(afiliado.documento);
  // Nobody touches the page: at the session's end the sign-in page takes its place.
  await expect(page).toHaveURL(signInReturningTo('/perfil-afiliado'), {
    timeout: sessionEndsAt - Date.now() + 15_000,
  });
  expect(Date.now()).toBeGreaterThanOrEqual(sessionEndsAt);
  await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
  await expect(page.getByLabel('Documento')).toHaveCount(0);
  await expect.poll(() => personalCopy(page)).toEqual([]);
  await page.context().setOffline(false);
});

test('a sign-out on another device ends the kept copy at the next read online', async ({
  page,
  backend,
  loginAs,
  consoleWatch,
}) => {
  consoleWatch.allow(/ERR_INTERNET_DISCONNECTED/);
  consoleWatch.allow(/status of 401/);
  const afiliado = await loginAs('AFILIADO');
  await page.goto('/perfil-afiliado');
  await controlled(page);
  await page.reload();
  await expect(page.getByLabel('Documento')).toHaveValue(afiliado.documento);
  await expect.poll(async () => (await personalCopy(page)).length).toBeGreaterThan(0);

  // On another phone the affiliate signs in and out: every session of theirs ends with it.
  await backend.logoutAfiliado((await backend.loginAfiliado(afiliado.documento)).token);
  await page.goto('/perfil-afiliado');
  await expect(page).toHaveURL(signInReturningTo('/perfil-afiliado'));
  await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
  await expect.poll(() => personalCopy(page)).toEqual([]);

  // Offline, a portal address without a session opens the affiliates' sign-in as online: the
  // worker serves the page and the app sends the visitor on.
  await page.context().setOffline(true);
  await page.goto('/notificaciones-afiliado?search=valores');
  await expect(page).toHaveURL(signInReturningTo('/notificaciones-afiliado?search=valores'));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal de afiliados' })).toBeVisible();
  await expect(page.getByLabel('Documento')).toHaveCount(0);
  await page.context().setOffline(false);
});

test('a staff session keeps no API answer on the device', async ({ page, loginAs }) => {
  await loginAs('ADMINISTRATIVO');
  await page.goto('/afiliados');
  await controlled(page);
  for (const path of ['/afiliados', '/notificaciones', '/mi-cuenta']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const kept = await keptUrls(page);
  expect(kept.some((url) => url.includes('/assets/'))).toBe(true);
  expect(kept.filter((url) => url.includes('/api/'))).toEqual([]);
});

/** A server of its own, serving a copy of the build that the test can replace as a deployment would. */
async function startServer(webDir: string, port: number): Promise<ChildProcess> {
  const server = spawn('npx', ['tsx', '../apps/api/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'red-dental-update-')),
      WEB_DIR: webDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.user,
      ADMIN_PASSWORD: ADMIN.pass,
    },
    stdio: 'ignore',
    // Its own process group, so stopping it stops the server under npx too.
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop(server);
  throw new Error('the second server did not start');
}

function stop(server: ChildProcess): void {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}

test("a new deployment offers 'Actualización disponible' and takes over only when asked", async ({
  page,
}) => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'red-dental-web-'));
  cpSync(path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist'), webDir, { recursive: true });
  const port = Number(process.env.E2E_PORT ?? 3210) + 5;
  const server = await startServer(webDir, port);
  try {
    const origin = `http://127.0.0.1:${port}`;
    await page.goto(`${origin}/login-afiliado`);
    await controlled(page);
    await page.getByLabel('DNI').fill('30111222');

    // A new build is deployed: its service worker differs from the one installed.
    appendFileSync(path.join(webDir, 'sw.js'), '\n// nueva versión\n');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'Actualización disponible' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    // Nothing reloaded on its own: what was typed is still there.
    await expect(page.getByLabel('DNI')).toHaveValue('30111222');
    await scanAndCapture(page, 'actualizacion-disponible');

    // The reloaded page is ready quickly: wait for its load from before the click.
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Actualizar' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Portal de afiliados' })).toBeVisible();
    await expect(page.getByText('Actualización disponible')).toBeHidden();
  } finally {
    stop(server);
  }
});
