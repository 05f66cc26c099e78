import { uniqueEmail } from '@red-dental/testing';
import { PASSWORD } from '../support/api.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { waitForMailLink } from '../support/mail.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test('a professional registers, confirms the e-mail, is approved by an administrator, and signs in', async ({
  page,
  backend,
  consoleWatch,
}) => {
  // The sign-ins before confirmation and approval are refused with 403 on purpose.
  consoleWatch.allow(/status of 403/);
  const email = uniqueEmail('registro');

  await page.goto('/login');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Continuar al registro' }).click();
  await expect(page).toHaveURL(/\/registro$/);

  await page.getByLabel('Nombre Completo').fill('Dra. Carolina Méndez');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Razón social').fill('Consultorio Méndez');
  await page.getByRole('button', { name: 'Registrar' }).click();

  const success = page.getByRole('dialog');
  await expect(success).toContainText('Revise su casilla de correo para confirmación.');
  await success.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, PASSWORD);
  await expect(
    page.getByText(
      'Todavía no confirmó su email. Abra el enlace que le enviamos o pida uno nuevo con "Reenviar email de confirmación".',
    ),
  ).toBeVisible();

  const link = await waitForMailLink(email, /https?:\/\/[^\s"<>]+\/confirmar-registro\/[A-Za-z0-9_-]+/);
  await page.goto(link);
  await expect(
    page.getByText(
      'Su email quedó confirmado. Un administrador revisará su solicitud y le avisaremos por email cuando sea aprobada.',
    ),
  ).toBeVisible();
  await scanAndCapture(page, 'confirmar-registro');
  await page.getByRole('link', { name: 'Ir al inicio de sesión' }).click();

  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Su solicitud de registro aún no fue aprobada')).toBeVisible();

  await backend.approveRequestOf(email);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/mi-perfil$/);
  await expect(page.getByText('Dra. Carolina Méndez')).toBeVisible();
});

test('registering the same e-mail twice shows the server message', async ({ page, consoleWatch }) => {
  consoleWatch.allow(/status of 409/);
  const email = uniqueEmail('duplicado');
  for (const attempt of [1, 2]) {
    await page.goto('/registro');
    await page.getByLabel('Nombre Completo').fill('Dr. Pablo Sosa');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Razón social').fill('Sosa Odontología');
    await page.getByRole('button', { name: 'Registrar' }).click();
    const dialog = page.getByRole('dialog');
    if (attempt === 1) await expect(dialog).toContainText('Revise su casilla de correo para confirmación.');
    else {
      await expect(dialog).toContainText('El email ya está registrado');
      await dialog.getByRole('button', { name: 'Entendido' }).click();
      await expect(dialog).toBeHidden();
    }
  }
});

test('an applicant asks for a new confirmation link from the sign-in page', async ({ page, backend }) => {
  const solicitud = await backend.createSolicitud({ confirmed: false });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Reenviar email de confirmación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reenviar email de confirmación' });
  await dialog.getByLabel('Email').fill(solicitud.user);
  await scanAndCapture(page, 'reenviar-confirmacion');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByText(
      'Si hay una solicitud de registro sin confirmar con ese email, le enviamos un nuevo enlace de confirmación.',
    ),
  ).toBeVisible();
  // The link asked for again replaces the one mailed at sign-up.
  await backend.confirmRegistrationOf(solicitud.user, 2);
});
