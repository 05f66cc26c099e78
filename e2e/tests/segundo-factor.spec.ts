import { Secret, TOTP } from 'otpauth';
import { expect, signIn, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

/** What an authenticator app would show for the secret on screen. */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

test('a staff member turns on two-factor sign-in from Mi cuenta and then signs in with a code', async ({
  page,
  backend,
}) => {
  const account = await backend.createUser('ADMINISTRATIVO');
  await signIn(page, account.user, account.pass);
  await expect(page).toHaveURL(/\/profesionales$/);
  await page.goto('/mi-cuenta');
  await page.getByRole('button', { name: 'Activar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Activar la verificación en dos pasos' });
  await expect(
    dialog.getByRole('img', { name: 'Código QR para la aplicación de autenticación' }),
  ).toBeVisible();
  await scanAndCapture(page, 'mi-cuenta-activar-2fa');
  const secret = (await dialog.locator('code').textContent())!;
  await dialog.getByLabel('Código').fill(codeOf(secret));
  await dialog.getByLabel('Contraseña actual').fill(account.pass);
  await dialog.getByRole('button', { name: 'Activar' }).click();
  const done = page.getByRole('dialog', { name: 'Verificación activada' });
  await expect(done.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem')).toHaveCount(
    10,
  );
  await done.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(page.getByText('Activada', { exact: true })).toBeVisible();
  await scanAndCapture(page, 'mi-cuenta');

  await page.getByRole('link', { name: 'Cerrar Sesión' }).click();
  await signIn(page, account.user, account.pass);
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  await scanAndCapture(page, 'login-codigo');
  // The code that turned it on was spent; the next one signs in.
  await page.getByLabel('Código').fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/profesionales$/);
});
