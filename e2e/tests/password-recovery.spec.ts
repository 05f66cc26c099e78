import { expect, signIn, test } from '../support/fixtures.ts';
import { waitForMailLink } from '../support/mail.ts';

test('a forgotten password is restored through the mailed link', async ({ page, backend }) => {
  const prestador = await backend.createUser('PRESTADOR');
  const newPassword = 'NuevaClave2025!';

  await page.goto('/login');
  await page.getByRole('button', { name: 'Olvide mi Contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recuperar contraseña' });
  await dialog.getByLabel('E-mail').fill(prestador.user);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Le enviamos un e-mail' })).toBeVisible();

  const link = await waitForMailLink(
    prestador.user,
    /https?:\/\/[^\s"'<>]+\/recover-password\/[A-Za-z0-9_-]+/,
  );
  await page.goto(link);
  await page.getByLabel('Contraseña', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmar Contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Recuperar Contraseña' }).click();
  await expect(page.getByRole('heading', { name: 'Recuperación de contraseña exitosa!' })).toBeVisible();

  await page.getByRole('link', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, prestador.user, newPassword);
  await expect(page).toHaveURL(/\/mi-perfil$/);
});

test('a used link cannot restore the password again', async ({ page, consoleWatch }) => {
  consoleWatch.allow(/status of 400/);
  await page.goto('/recover-password/enlace-inexistente');
  await page.getByLabel('Contraseña', { exact: true }).fill('OtraClave2025!');
  await page.getByLabel('Confirmar Contraseña').fill('OtraClave2025!');
  await page.getByRole('button', { name: 'Recuperar Contraseña' }).click();
  await expect(page.getByText('Ha ocurrido un error al intentar recuperar la contraseña')).toBeVisible();
});

test('an unknown e-mail is told apart', async ({ page, consoleWatch }) => {
  consoleWatch.allow(/status of 404/);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Olvide mi Contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recuperar contraseña' });
  await dialog.getByLabel('E-mail').fill('nadie-registrado@example.com');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'El email no está registrado a un usuario' }),
  ).toBeVisible();
});
