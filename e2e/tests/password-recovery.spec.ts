import { expect, signIn, test } from '../support/fixtures.ts';
import { waitForMailLink } from '../support/mail.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test('a forgotten password is restored through the mailed link', async ({ page, backend }) => {
  const prestador = await backend.createProfesional();
  const newPassword = 'NuevaClave2025!';

  await page.goto('/login');
  await page.getByRole('button', { name: 'Olvide mi Contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recuperar contraseña' });
  await dialog.getByLabel('Email').fill(prestador.user);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Le enviamos un email' })).toBeVisible();

  const link = await waitForMailLink(
    prestador.user,
    /https?:\/\/[^\s"'<>]+\/recover-password\/[A-Za-z0-9_-]+/,
  );
  // The form the link opens, at both widths (checking the link does not spend it).
  await scanAndCapture(page, 'recover-password', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva contraseña' })).toBeVisible();
  });
  await page.getByLabel('Contraseña', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmar Contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Recuperar Contraseña' }).click();
  await expect(page.getByRole('heading', { name: 'Recuperación de contraseña exitosa!' })).toBeVisible();

  await page.getByRole('link', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, prestador.user, newPassword);
  await expect(page).toHaveURL(/\/mi-perfil$/);
});

test('a link that names no recovery offers no form to fill in', async ({ page, consoleWatch }) => {
  consoleWatch.allow(/status of 400/);
  await page.goto('/recover-password/enlace-inexistente');
  await expect(page.getByText('El enlace ya se usó o venció')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pedir un enlace nuevo' })).toBeVisible();
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveCount(0);
});

test('an unknown e-mail is told apart', async ({ page, consoleWatch }) => {
  consoleWatch.allow(/status of 404/);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Olvide mi Contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recuperar contraseña' });
  await dialog.getByLabel('Email').fill('nadie-registrado@example.com');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'El email no está registrado a un usuario' }),
  ).toBeVisible();
});

test('a professional changes the password in Mi Perfil, giving the current one', async ({
  page,
  loginAs,
  consoleWatch,
}) => {
  consoleWatch.allow(/status of 400/);
  const prestador = await loginAs('PRESTADOR');
  await page.goto('/mi-perfil');
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
  await scanAndCapture(page, 'cambiar-contrasena');

  await dialog.getByLabel('Contraseña actual').fill('no-es-la-actual');
  await dialog.getByLabel('Contraseña', { exact: true }).fill('NuevaClave2025!');
  await dialog.getByLabel('Confirmar Contraseña').fill('NuevaClave2025!');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La contraseña actual no es correcta')).toBeVisible();

  await dialog.getByLabel('Contraseña actual').fill(prestador.pass);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Contraseña actualizada correctamente' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The session goes on with the new token; signing out revokes it, and the new password is the one that works.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Completar Perfil' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Cerrar Sesión' })
    .click();
  await signIn(page, prestador.user, 'NuevaClave2025!');
  await expect(page).toHaveURL(/\/mi-perfil$/);
});
