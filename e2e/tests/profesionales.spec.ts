import { expect, test } from '../support/fixtures.ts';
import { waitForMailWith } from '../support/mail.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test('the administrator finds a professional by name and deletes it after confirming', async ({
  page,
  backend,
  loginAs,
}) => {
  const profesional = await backend.createProfesional();
  await loginAs('ADMINISTRADOR');
  await page.goto('/profesionales');
  await expect(page.getByRole('heading', { level: 1, name: 'Profesionales' })).toBeVisible();

  await page.getByLabel('Buscar profesional').fill(profesional.nombre.toUpperCase());
  await page.getByLabel('Buscar profesional').press('Enter');
  const row = page.getByRole('row').filter({ hasText: profesional.nombre });
  await expect(row).toHaveCount(1);
  await scanAndCapture(page, 'profesionales', async () => {
    await expect(page.getByRole('row').filter({ hasText: profesional.nombre })).toHaveCount(1);
  });

  await page.getByRole('button', { name: `Eliminar a ${profesional.nombre}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar eliminación' });
  await expect(dialog).toContainText('¿Estás seguro de que quieres eliminar este profesional?');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Se eliminó a ${profesional.nombre}` }),
  ).toBeVisible();
  await expect(page.getByText('No hay datos disponibles')).toBeVisible();

  // The deleted dentist can no longer sign in.
  const login = await page.request.post('/api/user/login', {
    data: { user: profesional.user, pass: profesional.pass },
  });
  expect(login.status()).toBe(401);
});

test('the administrator accepts one request and rejects another with a reason the applicant receives', async ({
  page,
  backend,
  loginAs,
  consoleWatch,
}) => {
  // Accepting a request whose address is unconfirmed is refused with 409 on purpose.
  consoleWatch.allow(/status of 409/);
  const accepted = await backend.createSolicitud();
  const rejected = await backend.createSolicitud();
  const unconfirmed = await backend.createSolicitud({ confirmed: false });
  await loginAs('ADMINISTRADOR');
  await page.goto('/profesionales');
  await page.getByRole('link', { name: /^Solicitudes/ }).click();
  await expect(page).toHaveURL(/\/profesionales\/solicitudes$/);
  // The client pages the list: the newest requests are on the last page.
  const table = page.getByRole('table', { name: 'Solicitudes pendientes' });
  await expect(table).toBeVisible();
  await page.getByLabel('Filas por página').selectOption('50');
  await scanAndCapture(page, 'solicitudes');

  // An address nobody proved cannot be accepted: the list says so, and so does the refusal.
  const waiting = table.getByRole('row').filter({ hasText: unconfirmed.nombre });
  await expect(waiting).toContainText('Sin confirmar');
  await expect(table.getByRole('row').filter({ hasText: accepted.nombre })).toContainText('Confirmado');
  await page.getByRole('button', { name: `Aceptar la solicitud de ${unconfirmed.nombre}` }).click();
  await expect(
    page.getByText(
      'El profesional todavía no confirmó su email. La solicitud podrá aceptarse cuando abra el enlace que le enviamos.',
    ),
  ).toBeVisible();
  await expect(waiting).toBeVisible();

  await page.getByRole('button', { name: `Aceptar la solicitud de ${accepted.nombre}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Se aceptó la solicitud de ${accepted.nombre}` }),
  ).toBeVisible();
  await expect(table.getByText(accepted.nombre)).toHaveCount(0);

  await page.getByRole('button', { name: `Rechazar la solicitud de ${rejected.nombre}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmación de rechazo' });
  const motivo = 'La matrícula indicada no figura en el padrón';
  await confirm.getByLabel('Motivo (opcional)').fill(motivo);
  await confirm.getByRole('button', { name: 'Rechazar' }).click();
  const done = page.getByRole('dialog', { name: 'Solicitud Rechazada' });
  await expect(done).toContainText('La solicitud ha sido rechazada exitosamente');
  await done.getByRole('button', { name: 'Aceptar' }).click();
  await expect(table.getByText(rejected.nombre)).toHaveCount(0);
  await waitForMailWith(rejected.user, `Motivo: ${motivo}`);

  // The accepted dentist signs in; the rejected one cannot.
  expect(
    (
      await page.request.post('/api/user/login', { data: { user: accepted.user, pass: accepted.pass } })
    ).status(),
  ).toBe(200);
  expect(
    (
      await page.request.post('/api/user/login', { data: { user: rejected.user, pass: rejected.pass } })
    ).status(),
  ).toBe(401);
});
