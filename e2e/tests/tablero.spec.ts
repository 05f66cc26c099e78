import { expect, otherClient, test } from '../support/fixtures.ts';
import { waitForMailLink } from '../support/mail.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test('staff follow the dashboard to the pending requests and the stale listings, send a reminder, and the provider confirms from the mailed link', async ({
  page,
  browser,
  baseURL,
  backend,
  consoleWatch,
  loginAs,
}) => {
  // The second reminder within 30 days is refused with a 409 on purpose.
  consoleWatch.allow(/status of 409/);
  // A provider of the network (data just confirmed at approval time: a reminder is sent by hand).
  const provider = await backend.createProfesional();
  await loginAs('ADMINISTRADOR');
  await page.goto('/afiliados');
  await page.getByRole('link', { name: 'Tablero' }).click();
  await expect(page).toHaveURL(/\/tablero$/);
  await expect(page.getByRole('table', { name: 'Afiliados por obra social' })).toBeVisible();
  await scanAndCapture(page, 'tablero');
  const summary = page.getByRole('region', { name: 'Resumen de la red' });

  // 'pendientes' leads to Solicitudes.
  await summary.getByRole('link', { name: /Solicitudes pendientes/ }).click();
  await expect(page).toHaveURL(/\/profesionales\/solicitudes$/);
  await expect(page.getByRole('heading', { name: 'Solicitudes Pendientes', level: 2 })).toBeVisible();

  // 'sin confirmar' leads to the providers whose data are over 90 days old (none this young
  // network has: data can only age with time; the API tests age them and check the figure).
  await page.goto('/tablero');
  await summary.getByRole('link', { name: /Datos sin confirmar/ }).click();
  await expect(page).toHaveURL(/\/profesionales\?sinConfirmar=1$/);
  await expect(
    page.getByText('Solo los profesionales que no confirman sus datos hace más de 90 días.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Ver todos' }).click();
  await expect(page).toHaveURL(/\/profesionales$/);

  // The reminder, sent by hand from the provider's page; not twice within 30 days.
  await page.getByLabel('Buscar profesional').fill(provider.nombre);
  await page.getByLabel('Buscar profesional').press('Enter');
  await page.getByRole('link', { name: `Editar a ${provider.nombre}` }).click();
  await page.getByRole('button', { name: 'Enviar recordatorio' }).click();
  await expect(page.getByText(`Se envió el recordatorio a ${provider.nombre}`)).toBeVisible();
  await page.getByRole('button', { name: 'Enviar recordatorio' }).click();
  await expect(page.getByText(/Ya se le envió un recordatorio el \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

  // The provider opens the mail's link without a session, sees the listing and confirms it once.
  const link = await waitForMailLink(provider.user, /https?:\/\/[^\s"<>]+\/datos-al-dia\/[A-Za-z0-9_-]+/);
  const inbox = await browser.newContext(otherClient(baseURL));
  const mailPage = await inbox.newPage();
  await mailPage.goto(new URL(link).pathname);
  await expect(mailPage.getByRole('heading', { name: 'Sus datos en la cartilla' })).toBeVisible();
  await expect(
    mailPage.getByText(`Así ven los afiliados a ${provider.nombre}.`, { exact: false }),
  ).toBeVisible();
  await scanAndCapture(mailPage, 'datos-al-dia');
  await mailPage.getByRole('button', { name: 'Mis datos están actualizados' }).click();
  await expect(mailPage.getByText('¡Gracias! Sus datos quedaron confirmados en la cartilla.')).toBeVisible();
  await mailPage.reload();
  await expect(mailPage.getByText(/El enlace ya se usó o venció/)).toBeVisible();
  await inbox.close();

  // Staff see the confirmation on the provider's page.
  await page.reload();
  await expect(
    page.getByText(/^Datos confirmados por el profesional el \d{2}\/\d{2}\/\d{4}\.$/),
  ).toBeVisible();
});

test('the queue of wrong-data reports passes an accessibility scan at both widths', async ({
  page,
  loginAs,
}) => {
  await loginAs('ADMINISTRATIVO');
  await page.goto('/profesionales');
  await page.getByRole('link', { name: 'Reportes de datos' }).click();
  await expect(page).toHaveURL(/\/profesionales\/reportes$/);
  await expect(page.getByRole('table', { name: 'Reportes abiertos' })).toBeVisible();
  await scanAndCapture(page, 'reportes-de-datos');
});

test('pending sign-up requests show as counts on the menu and on the professional list', async ({
  page,
  backend,
  loginAs,
}) => {
  await backend.createSolicitud();
  await loginAs('ADMINISTRADOR');
  await page.goto('/profesionales');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(
    menu.getByRole('link', { name: /^Profesionales \(\d+ solicitud(es)? pendientes?\)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /^Solicitudes \(\d+ pendientes?\)$/ })).toBeVisible();
  await scanAndCapture(page, 'profesionales-pendientes');
});
