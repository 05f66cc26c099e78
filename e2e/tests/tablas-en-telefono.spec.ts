import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

const PHONE = { width: 375, height: 740 };

/**
 * Asserts that each element is seen whole at once: inside the window and
 * inside every box that scrolls or clips it (a table scrolled sideways in its
 * card hides what is past the card's edge).
 */
async function expectInSight(elements: Locator, what: string): Promise<void> {
  // The table lays its rows out again when the viewport changes: wait for them before counting.
  await expect(elements.first(), `${what}: none found`).toBeVisible();
  const count = await elements.count();
  expect(count, `${what}: none found`).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const outside = await elements.nth(i).evaluate((element) => {
      const rect = element.getBoundingClientRect();
      let left = 0;
      let right = document.documentElement.clientWidth;
      for (let a = element.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const box = a.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
      return rect.left < left - 1 || rect.right > right + 1
        ? `${Math.round(rect.left)}–${Math.round(rect.right)} px, seen ${Math.round(left)}–${Math.round(right)} px`
        : null;
    });
    expect.soft(outside, `${what} #${i + 1}: ${await elements.nth(i).innerText()}`).toBeNull();
  }
}

/** Each row's name (its key, in bold) and its buttons, in sight on a phone. */
async function expectRowsInSight(page: Page, table: Locator, name: string, hasButtons = true) {
  await page.setViewportSize(PHONE);
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expectInSight(rows.locator('td:first-child strong'), `${name}: name`);
  if (hasButtons) await expectInSight(rows.getByRole('button'), `${name}: row button`);
}

test('at 375 px the staff tables keep each row’s name and its buttons in sight, without scrolling sideways', async ({
  page,
  backend,
  loginAs,
}) => {
  await loginAs('ADMINISTRADOR');
  // A long email, as staff accounts have: it must not push the buttons out of sight.
  const other = await backend.createUser('ADMINISTRATIVO');

  await page.goto(`/usuarios?search=${encodeURIComponent(other.user)}`);
  const usuarios = page.getByRole('table', { name: 'Usuarios' });
  await expect(usuarios.getByRole('row').filter({ hasText: other.user })).toBeVisible();
  await scanAndCapture(page, 'usuarios-telefono');
  await expectRowsInSight(page, usuarios, 'Usuarios');
  const row = usuarios.getByRole('row').filter({ hasText: other.user });
  for (const name of [`Roles de ${other.user}`, 'Enviar enlace', 'Desactivar'])
    await expectInSight(row.getByRole('button', { name, exact: true }), `Usuarios: ${name}`);
  // The rest of the row is in the card, in sight too.
  await expectInSight(row.getByText('Último ingreso'), 'Usuarios: Último ingreso');
  await expectInSight(row.getByText(other.user), 'Usuarios: email');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/auditoria');
  const auditoria = page.getByRole('table', { name: 'Registro de auditoría' });
  await expect(auditoria.locator('tbody tr').first()).toContainText('@');
  await scanAndCapture(page, 'auditoria-telefono');
  // Its rows have no buttons: the whole row is the card, nothing hidden behind a tap.
  await expectRowsInSight(page, auditoria, 'Auditoría', false);
  await expect(auditoria.getByRole('button')).toHaveCount(0);
  await expectInSight(
    auditoria.locator('tbody tr').first().getByText('Dirección IP'),
    'Auditoría: Dirección IP',
  );

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/roles');
  const roles = page.getByRole('table', { name: 'Roles' });
  await expect(roles.getByRole('row').filter({ hasText: 'ADMINISTRATIVO' })).toBeVisible();
  await scanAndCapture(page, 'roles-telefono');
  await expectRowsInSight(page, roles, 'Roles');
  await expectInSight(roles.getByRole('button', { name: 'Editar el rol ADMINISTRATIVO' }), 'Roles: Editar');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/mi-cuenta');
  const sesiones = page.getByRole('table', { name: 'Sesiones abiertas' });
  await expect(sesiones).toContainText('Este dispositivo');
  await scanAndCapture(page, 'sesiones-telefono');
  await expectRowsInSight(page, sesiones, 'Sesiones');
  await expectInSight(sesiones.getByRole('button', { name: 'Cerrar sesión' }), 'Sesiones: Cerrar sesión');
});
