import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMailLink } from '../support/mail.ts';

const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

async function capture(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, `serious or critical violations on ${name} at ${width} px`).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an affiliate signs in with the document, edits the profile and confirms a new e-mail', async ({
  page,
  backend,
}) => {
  const { documento } = await backend.createAfiliado();
  const email = uniqueEmail('afiliada');

  await page.goto('/login-afiliado');
  await page.getByLabel('DNI').fill(documento);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/perfil-afiliado$/);

  await expect(page.getByLabel('Nombre')).toHaveValue('Afiliada de Prueba');
  await expect(page.getByLabel('Documento')).toHaveValue(documento);
  await expect(page.getByLabel('Documento')).toHaveAttribute('readonly', '');
  await expect(page.getByText('Ingrese su e-mail para recibir notificaciones y novedades!')).toBeVisible();
  await capture(page, 'perfil-afiliado');

  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Email').fill('no-es-un-mail');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Email inválido')).toBeVisible();
  await capture(page, 'perfil-afiliado-editar');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Teléfono/Movil').fill('11 5123-4567');
  await page.getByLabel('Fecha de Nacimiento').fill('1985-04-13');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('¡Datos actualizados exitosamente!')).toBeVisible();
  await expect(page.getByText(`${email} está pendiente de confirmación`)).toBeVisible();
  await expect(page.getByLabel('Teléfono/Movil')).toHaveValue('11 5123-4567');
  await expect(page.getByLabel('Teléfono/Movil')).toHaveAttribute('readonly', '');
  // The banner goes away after 3 seconds.
  await expect(page.getByText('¡Datos actualizados exitosamente!')).toBeHidden({ timeout: 5000 });

  const link = await waitForMailLink(email, /https?:\/\/[^\s"<>]+\/confirmar-email\/[A-Za-z0-9_-]+/);
  await page.goto(link);
  await expect(
    page.getByText('Su email fue confirmado. Desde ahora recibirá allí las novedades del portal.'),
  ).toBeVisible();
  await capture(page, 'confirmar-email');

  await page.goto('/perfil-afiliado');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByText('está pendiente de confirmación')).toHaveCount(0);
});

test('a used or unknown confirmation link says so', async ({ page, consoleWatch }) => {
  consoleWatch.allow(/status of 400/);
  await page.goto('/confirmar-email/enlace-que-no-existe');
  await expect(page.getByText('El enlace de confirmación no es válido o ya venció')).toBeVisible();
});
