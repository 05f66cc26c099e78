import { PERMISSION_HELP } from '@red-dental/contracts';
import { uniqueName } from '@red-dental/testing';
import { expect, otherClient, sidebarEntries, signIn, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test('the administrator creates a role with the permissions it needs, each explained, and a holder gets exactly them', async ({
  page,
  browser,
  baseURL,
  backend,
  loginAs,
}) => {
  const nombre = uniqueName('AUDITOR').toUpperCase();
  await loginAs('ADMINISTRADOR');
  await page.goto('/afiliados');
  await page.getByRole('link', { name: 'Roles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'ADMINISTRADOR' })).toContainText('Todos');
  await scanAndCapture(page, 'roles');

  await page.getByRole('button', { name: 'Nuevo rol' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo rol' });
  await dialog.getByLabel('Nombre').fill(nombre);
  await dialog.getByRole('checkbox', { name: 'Acceso al sistema de gestión' }).check();
  await dialog.getByRole('checkbox', { name: 'Consultar afiliados' }).check();
  await expect(dialog.getByText(PERMISSION_HELP['AFILIADOS.GET'])).toBeVisible();
  await scanAndCapture(page, 'roles-nuevo');
  await dialog.getByRole('button', { name: 'Crear rol' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rol creado' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: nombre })).toContainText('2 permisos');

  // A holder of the new role sees Afiliados and nothing of the administration.
  const holder = await backend.createUserWithRole(nombre);
  const other = await browser.newContext(otherClient(baseURL));
  const holderPage = await other.newPage();
  await signIn(holderPage, holder.user, holder.pass);
  await expect(holderPage.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  expect(await sidebarEntries(holderPage)).toEqual([
    'Afiliados',
    'Notificaciones',
    'Nomenclador',
    'Convenios',
    'Planes',
    'Cerrar Sesión',
  ]);
  await other.close();
});
