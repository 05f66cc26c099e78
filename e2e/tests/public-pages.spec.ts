import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures.ts';

const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

const PUBLIC_PAGES = [
  { name: 'login', path: '/login', heading: 'Bienvenido' },
  { name: 'login-afiliado', path: '/login-afiliado', heading: 'Portal de afiliados' },
  { name: 'registro', path: '/registro', heading: 'Registro de profesionales' },
  { name: 'recover-password', path: '/recover-password/enlace-de-prueba', heading: 'Nueva contraseña' },
];

for (const { name, path: pagePath, heading } of PUBLIC_PAGES) {
  test(`${pagePath} passes an accessibility scan and is captured at 1280 and 375 px`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
      await page.goto(pagePath);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('© 2025 Red Dental');

      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, `serious or critical violations at ${width} px`).toEqual([]);

      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
    }
    expect(errors).toEqual([]);
    await context.close();
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
