import { expect, otherClient, signIn, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test('signing out in one browser leaves the other signed in, and a session is closed from Mi cuenta', async ({
  page,
  browser,
  baseURL,
  backend,
}) => {
  const account = await backend.createUser('ADMINISTRATIVO');
  const second = await browser.newContext(otherClient(baseURL));
  const other = await second.newPage();
  await signIn(page, account.user, account.pass);
  await signIn(other, account.user, account.pass);
  await expect(other).toHaveURL(/\/profesionales$/);

  // The account's page lists both sessions; this one is marked.
  await page.getByRole('link', { name: /Mi cuenta/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Sesiones abiertas' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('Este dispositivo');
  await scanAndCapture(page, 'mi-cuenta-sesiones', async () => {
    await expect(table.getByRole('row')).toHaveCount(3);
  });

  // Signing out here leaves the other browser signed in.
  await page.getByRole('link', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await other.goto('/afiliados');
  await expect(other.getByRole('heading', { level: 1, name: 'Afiliados' })).toBeVisible();

  // From the other browser, a third session is closed from the list, and that browser is out.
  const third = await browser.newContext(otherClient(baseURL));
  const thirdPage = await third.newPage();
  await signIn(thirdPage, account.user, account.pass);
  await expect(thirdPage).toHaveURL(/\/profesionales$/);
  await other.goto('/mi-cuenta');
  await other.getByRole('button', { name: 'Cerrar las demás' }).click();
  await expect(
    other.getByRole('status').filter({ hasText: 'Se cerró 1 sesión en otro dispositivo' }),
  ).toBeVisible();
  await thirdPage.goto('/afiliados');
  await expect(thirdPage).toHaveURL(/\/login\?redirectTo=%2Fafiliados$/);
  await second.close();
  await third.close();
});
