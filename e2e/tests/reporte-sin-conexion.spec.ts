import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueName } from '@red-dental/testing';
import { expect, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test.use({ serviceWorkers: 'allow' });

const QUEUED = 'Sin conexión: se enviará cuando vuelva la conexión';

/** The portal installed and its reads kept: the worker controls the page, which read the cartilla through it. */
async function installedCartilla(page: Page, nombre: string): Promise<void> {
  await page.goto('/cartilla');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole('article', { name: nombre })).toBeVisible();
}

/** 'Informar un error' on the provider's card. */
async function report(page: Page, nombre: string, motivo: string): Promise<void> {
  const card = page.getByRole('article', { name: nombre });
  await card.getByRole('button', { name: new RegExp(nombre) }).click();
  await card.getByRole('button', { name: 'Informar un error' }).click();
  const dialog = page.getByRole('dialog', { name: 'Informar un error' });
  await dialog.getByLabel('Qué dato está mal').fill(motivo);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status').filter({ hasText: QUEUED })).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** What the server holds of the affiliate's reports, asked with the session the page keeps. */
async function reportsOnServer(page: Page, request: APIRequestContext, token?: string) {
  const auth = token ?? (await page.evaluate(() => localStorage.getItem('DC_TOKEN')));
  const response = await request.get('/api/reportes/mios', { headers: { Authorization: `Bearer ${auth}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { motivo: string; estado: string }[];
}

test("a report written offline is kept, survives the closed tab, and is sent once when the portal opens again online, shown in 'Sus reportes'", async ({
  page,
  context,
  backend,
  loginAs,
  request,
  consoleWatch,
}) => {
  consoleWatch.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource/);
  const afiliado = await loginAs('AFILIADO');
  const dentist = await backend.createCartillaProfesional(afiliado.obraSocialId, {
    nombre: uniqueName('Elena Sin Señal'),
    localidad: 'Belgrano',
  });
  await installedCartilla(page, dentist.nombre);

  await context.setOffline(true);
  await report(page, dentist.nombre, 'El teléfono ya no es del consultorio');
  const mine = page.getByRole('region', { name: 'Sus reportes' });
  await expect(mine.getByRole('listitem')).toHaveCount(1);
  await expect(mine.getByRole('listitem')).toContainText('Pendiente de envío');
  await expect(mine.getByRole('listitem')).toContainText('El teléfono ya no es del consultorio');
  await scanAndCapture(page, 'reporte-sin-conexion');
  // Still offline after a reload: it waits on the device.
  await page.reload();
  await expect(mine.getByText('Pendiente de envío')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('DC_TOKEN'));
  expect(await reportsOnServer(page, request, token!)).toEqual([]);

  // The tab is closed offline; the connection returns; the portal opens again.
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/perfil-afiliado');
  await expect(again.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeVisible();
  await expect.poll(async () => (await reportsOnServer(again, request, token!)).length).toBe(1);
  await again.goto('/cartilla');
  const sent = again.getByRole('region', { name: 'Sus reportes' }).getByRole('listitem');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('En revisión');
  await expect(sent).not.toContainText('Pendiente de envío');
  // The passes that follow send nothing more.
  await again.evaluate(() => window.dispatchEvent(new Event('online')));
  await again.reload();
  await expect(again.getByRole('region', { name: 'Sus reportes' }).getByRole('listitem')).toHaveCount(1);
  expect(await reportsOnServer(again, request, token!)).toEqual([
    expect.objectContaining({ motivo: 'El teléfono ya no es del consultorio', estado: 'abierto' }),
  ]);
});

test('another affiliate signing in on the same phone neither sees nor sends the first one’s waiting report', async ({
  page,
  context,
  backend,
  loginAs,
  request,
  consoleWatch,
}) => {
  consoleWatch.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource/);
  const primera = await loginAs('AFILIADO');
  const dentist = await backend.createCartillaProfesional(primera.obraSocialId, {
    nombre: uniqueName('Elena Compartida'),
    localidad: 'Belgrano',
  });
  const segunda = await backend.createAfiliado(primera.obraSocialId);
  await installedCartilla(page, dentist.nombre);
  await context.setOffline(true);
  await report(page, dentist.nombre, 'Ya no atiende en esta dirección');
  const firstToken = await page.evaluate(() => localStorage.getItem('DC_TOKEN'));
  // The first affiliate's session is gone from the phone (as when it lapsed) while the report waits.
  await page.evaluate(() => {
    localStorage.removeItem('DC_TOKEN');
    localStorage.removeItem('DC_SESSION');
  });

  // Back online, someone else signs in on this phone before the portal could send it.
  await page.close();
  await context.setOffline(false);
  const other = await context.newPage();
  await other.goto('/login-afiliado');
  await other.getByLabel('DNI').fill(segunda.documento);
  await other.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(other).toHaveURL(/\/perfil-afiliado$/);
  await other.goto('/cartilla');
  await expect(other.getByRole('article', { name: dentist.nombre })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Sus reportes' })).toHaveCount(0);
  await expect(other.getByText('Pendiente de envío')).toHaveCount(0);
  expect(await reportsOnServer(other, request, firstToken!)).toEqual([]);
  expect(await reportsOnServer(other, request)).toEqual([]);
});
