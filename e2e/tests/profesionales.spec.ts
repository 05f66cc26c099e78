import { expect, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test('the administrator finds a professional by name and deletes it after confirming', async ({
  page,
  backend,
  loginAs,
}) => {
  const profesional = await backend.createProfesional();
  await loginAs('ADMINISTRADOR');
  await page.goto('/profesionales');
  await expect(page.getByRole('heading', { level: 1, name: 'Profesionales' })).toBeVisible();

  await page.getByLabel('Buscar profesional').fill(profesional.nombre.toUpperCase());
  await page.getByLabel('Buscar profesional').press('Enter');
  const row = page.getByRole('row').filter({ hasText: profesional.nombre });
  await expect(row).toHaveCount(1);
  await scanAndCapture(page, 'profesionales', async () => {
    await expect(page.getByRole('row').filter({ hasText: profesional.nombre })).toHaveCount(1);
  });

  await page.getByRole('button', { name: `Eliminar a ${profesional.nombre}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar eliminación' });
  await expect(dialog).toContainText('¿Estás seguro de que quieres eliminar este profesional?');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Se eliminó a ${profesional.nombre}` }),
  ).toBeVisible();
  await expect(page.getByText('No hay datos disponibles')).toBeVisible();

  // The deleted dentist can no longer sign in.
  const login = await page.request.post('/api/user/login', {
    data: { user: profesional.user, pass: profesional.pass },
  });
  expect(login.status()).toBe(401);
});
