import { expect, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

interface PublicPage {
  name: string;
  path: string;
  heading: string;
  /** The level of the page's title: a mailed link's outcome is titled inside its card. */
  level?: number;
}

const PUBLIC_PAGES: readonly PublicPage[] = [
  { name: 'login', path: '/login', heading: 'Bienvenido' },
  { name: 'login-afiliado', path: '/login-afiliado', heading: 'Portal de afiliados' },
  { name: 'registro', path: '/registro', heading: 'Registro de profesionales' },
  // A link that names no recovery: the page says so (its form is captured from a mailed link).
  {
    name: 'recover-password-sin-enlace',
    path: '/recover-password/enlace-de-prueba',
    heading: 'Recuperar contraseña',
    level: 2,
  },
];

for (const { name, path: pagePath, heading, level = 1 } of PUBLIC_PAGES) {
  test(`${pagePath} passes an accessibility scan and is captured at 1280 and 375 px`, async ({
    page,
    consoleWatch,
  }) => {
    // The recovery page asks whether its link still works; this one does not (400).
    consoleWatch.allow(/restore-password\/check/);
    // Loaded at each width, as a phone or a desktop would open it.
    await scanAndCapture(page, name, async () => {
      await page.goto(pagePath);
      await expect(page.getByRole('heading', { level, name: heading })).toBeVisible();
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
