import { uniqueEmail } from '@red-dental/testing';
import { PASSWORD } from '../support/api.ts';
import { expect, signIn, test } from '../support/fixtures.ts';

test('a professional registers, is approved by an administrator, and signs in', async ({
  page,
  backend,
  consoleWatch,
}) => {
  // The sign-in before approval is refused with 403 on purpose.
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
