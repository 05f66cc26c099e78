import type { Browser, Page } from '@playwright/test';
import { buildPdf, uniqueName } from '@red-dental/testing';
import type { Backend } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

/**
 * A second person's browser beside the staff member's: its own context with
 * the session the sign-in screens would store, failing the test on any
 * console error as the main page does.
 */
async function openAs(
  browser: Browser,
  baseURL: string | undefined,
  session: { token: string; session: object },
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-AR',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/login');
  await page.evaluate(({ token, session }) => {
    localStorage.setItem('DC_TOKEN', token);
    localStorage.setItem('DC_SESSION', JSON.stringify(session));
  }, session);
  return { page, errors };
}

async function affiliateBrowser(
  browser: Browser,
  baseURL: string | undefined,
  backend: Backend,
  documento: string,
) {
  const { token } = await backend.loginAfiliado(documento);
  return openAs(browser, baseURL, { token, session: { kind: 'afiliado' } });
}

async function staffBrowser(
  browser: Browser,
  baseURL: string | undefined,
  backend: Backend,
  account: { user: string; pass: string },
) {
  const { token, user } = await backend.login(account.user, account.pass);
  return openAs(browser, baseURL, { token, session: { kind: 'staff', user } });
}

interface Send {
  title: string;
  category: string;
  destinatario: 'Afiliados' | 'Profesionales';
  obraSocial?: string;
  profesional?: string;
  /** What the confirmation says, e.g. '1 afiliado'. */
  reaches: string;
}

/** Staff send a notification through the screen, as they would. */
async function sendThroughScreen(page: Page, send: Send, capture?: string) {
  await page.goto('/notificaciones');
  await page.getByRole('link', { name: 'Crear Notificacion' }).click();
  await expect(page.getByRole('heading', { name: 'Crear Notificacion' })).toBeVisible();
  await page.getByLabel('Título').fill(send.title);
  await page.getByLabel('Categoría').selectOption(send.category);
  await page
    .getByLabel('Archivo PDF')
    .setInputFiles({ name: 'aviso.pdf', mimeType: 'application/pdf', buffer: buildPdf([send.title]) });
  await page.getByRole('checkbox', { name: send.destinatario, exact: true }).check();
  if (send.obraSocial) await page.getByRole('checkbox', { name: send.obraSocial }).check();
  if (send.profesional) {
    await page.getByRole('combobox', { name: 'Profesionales' }).fill(send.profesional);
    await page
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(send.profesional) })
      .click();
    await expect(page.getByRole('list', { name: 'Profesionales elegidos' })).toContainText(send.profesional);
  }
  await page.getByRole('button', { name: 'Enviar notificación' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar Notificación' });
  await expect(confirm.getByText(send.reaches, { exact: true })).toBeVisible();
  if (capture) await scanAndCapture(page, capture);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const sent = page.getByRole('dialog', { name: 'Notificación Enviada' });
  await expect(sent).toBeVisible();
  await sent.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page).toHaveURL(/\/notificaciones$/);
  await expect(page.getByRole('row', { name: new RegExp(send.title) })).toBeVisible();
}

/** Clicks VER, which opens the PDF in a new tab, and checks the file it points at is the PDF. */
async function openPdf(page: Page, title: string) {
  const ver = page.getByRole('link', { name: `Ver ${title} (se abre en una pestaña nueva)` });
  const href = await ver.getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  const popup = page.waitForEvent('popup');
  await ver.click();
  await (await popup).close();
}

test('staff send a PDF to the affiliates of one insurer; one of them opens it, another insurer sees nothing', async ({
  page,
  browser,
  baseURL,
  backend,
  loginAs,
}) => {
  const osde = await backend.createObraSocial();
  const otra = await backend.createObraSocial();
  const ana = await backend.createAfiliado(osde.id);
  const ajeno = await backend.createAfiliado(otra.id);
  await loginAs('ADMINISTRATIVO');
  const title = uniqueName('Campaña de prevención');
  await sendThroughScreen(
    page,
    {
      title,
      category: 'Afiliados',
      destinatario: 'Afiliados',
      obraSocial: osde.nombre,
      reaches: '1 afiliado',
    },
    'notificacion-confirmar',
  );

  const mine = await affiliateBrowser(browser, baseURL, backend, ana.documento);
  await mine.page.goto('/notificaciones-afiliado');
  const row = mine.page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toHaveCSS('font-weight', '700');
  // The header says there is something new, and how much, until it is opened.
  const menu = mine.page.getByRole('navigation', { name: 'Menú del afiliado' });
  await expect(menu.getByRole('link', { name: 'Notificaciones (1 sin leer)' })).toBeVisible();
  await scanAndCapture(mine.page, 'notificaciones-afiliado');
  await openPdf(mine.page, title);
  await expect(row).toHaveCSS('font-weight', '400');
  await expect(menu.getByRole('link', { name: 'Notificaciones', exact: true })).toBeVisible();

  const other = await affiliateBrowser(browser, baseURL, backend, ajeno.documento);
  await other.page.goto('/notificaciones-afiliado');
  await expect(other.page.getByText(/Todavía no tiene notificaciones/)).toBeVisible();
  await scanAndCapture(other.page, 'notificaciones-afiliado-vacio');
  expect([...mine.errors, ...other.errors]).toEqual([]);

  // Staff see who read it.
  await page.reload();
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: 'Leída por 1 de 1' })
    .click();
  const readers = page.getByRole('dialog', { name: title });
  await expect(readers.getByRole('cell', { name: 'Afiliada de Prueba' })).toBeVisible();
});

test('staff send to one dentist, who sees the marker, opens it and the marker goes; staff then delete it', async ({
  page,
  browser,
  baseURL,
  backend,
  loginAs,
}) => {
  const dentist = await backend.createProfesional();
  const other = await backend.createProfesional();
  await loginAs('ADMINISTRATIVO');
  const title = uniqueName('Nuevos valores');
  await sendThroughScreen(page, {
    title,
    category: 'Actualización de valores',
    destinatario: 'Profesionales',
    profesional: dentist.nombre,
    reaches: '1 profesional',
  });
  await scanAndCapture(page, 'notificaciones-staff');

  const mine = await staffBrowser(browser, baseURL, backend, dentist);
  await mine.page.goto('/mi-perfil');
  const marker = mine.page.getByTestId('unread-marker');
  await expect(marker).toBeVisible();
  await mine.page.getByRole('link', { name: 'Notificaciones (tiene notificaciones sin leer)' }).click();
  const categories = mine.page.getByRole('navigation', { name: 'Categorías' });
  await expect(categories.getByRole('button', { name: 'Actualización de valores 1 sin leer' })).toBeVisible();
  await expect(categories.getByRole('button', { name: /^Afiliados/ })).toHaveCount(0);
  const row = mine.page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toHaveCSS('font-weight', '700');
  await scanAndCapture(mine.page, 'notificaciones-profesional');
  await openPdf(mine.page, title);
  await expect(row.getByText('Leída', { exact: true })).toBeAttached();
  await expect(marker).toHaveCount(0);
  await expect(categories.getByRole('button', { name: 'Actualización de valores' })).toBeVisible();

  // Picked by name, so the other dentist received nothing.
  const theirs = await staffBrowser(browser, baseURL, backend, other);
  await theirs.page.goto('/notificaciones');
  await expect(theirs.page.getByText('0 notificaciones')).toBeVisible();

  await page.getByRole('checkbox', { name: `Seleccionar ${title}` }).check();
  await page.getByRole('button', { name: 'Eliminar Seleccionados' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar Seleccionados' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(page.getByText('Se eliminaron correctamente las notificaciones')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);

  await mine.page.reload();
  await expect(mine.page.getByText('0 notificaciones')).toBeVisible();
  expect([...mine.errors, ...theirs.errors]).toEqual([]);
});

test("the send form's alerts and the recipients' choices, checked with axe", async ({ page, loginAs }) => {
  await loginAs('ADMINISTRATIVO');
  await page.goto('/notificaciones/crear-notificacion');
  await page.getByRole('button', { name: 'Enviar notificación' }).click();
  await expect(page.getByText('Por favor, ingrese un título')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Profesionales', exact: true }).check();
  await expect(page.getByRole('group', { name: 'Zonas' })).toBeVisible();
  await scanAndCapture(page, 'notificacion-crear');
});
