import { expect, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

const PUBLIC_PAGES = [
  { name: 'login', path: '/login', heading: 'Bienvenido' },
  { name: 'login-afiliado', path: '/login-afiliado', heading: 'Portal de afiliados' },
  { name: 'registro', path: '/registro', heading: 'Registro de profesionales' },
  { name: 'recover-password', path: '/recover-password/enlace-de-prueba', heading: 'Nueva contraseña' },
];

for (const { name, path: pagePath, heading } of PUBLIC_PAGES) {
  test(`${pagePath} passes an accessibility scan and is captured at 1280 and 375 px`, async ({ page }) => {
    // Loaded at each width, as a phone or a desktop would open it.
    await scanAndCapture(page, name, async () => {
      await page.goto(pagePath);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('© 2025 Red Dental');
    });
  });
}

test('the footer offers the social networks and names the developer', async ({ page }) => {
  await page.goto('/login');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('list', { name: 'Redes sociales' }).getByRole('link')).toHaveCount(3);
  await expect(footer).toContainText('Desarrollado por');
});

test('any other path goes to /login', async ({ page }) => {
  await page.goto('/esta/ruta/no-existe');
  await expect(page).toHaveURL(/\/login$/);
});
