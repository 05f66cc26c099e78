import { MESSAGES } from '@red-dental/contracts';
import { uniqueName } from '@red-dental/testing';
import { expect, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test('administrative staff keep the specialties and zones from Catálogos', async ({
  page,
  backend,
  loginAs,
  consoleWatch,
}) => {
  // The zone number taken on purpose below.
  consoleWatch.allow(/status of 409/);
  // Staff may not delete a specialty someone has: the dialog says so without asking the server.
  const enUso = await backend.createEspecialidad();
  const obraSocial = await backend.createObraSocial();
  await backend.createCartillaProfesional(obraSocial.id, { especialidades: [{ id: enUso.id }] });
  await loginAs('ADMINISTRATIVO');
  await page.goto('/afiliados');
  await page.getByRole('link', { name: 'Catálogos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogos' })).toBeVisible();
  const especialidades = page.getByRole('table', { name: 'Especialidades' });
  // Every network starts with the usual specialties.
  await expect(especialidades.getByText('Odontopediatría', { exact: true })).toBeVisible();

  const nombre = uniqueName('Gnatología');
  await page.getByRole('button', { name: 'Nueva especialidad' }).click();
  const nueva = page.getByRole('dialog', { name: 'Nueva especialidad' });
  await nueva.getByLabel('Nombre').fill(nombre);
  await nueva.getByRole('button', { name: 'Crear especialidad' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Especialidad creada' })).toBeVisible();
  await page.getByLabel('Filas por página').first().selectOption('50');
  await expect(especialidades.getByText(nombre, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Editar ${nombre}` }).click();
  const editar = page.getByRole('dialog', { name: 'Editar especialidad' });
  await editar.getByLabel('Nombre').fill(`${nombre} y ATM`);
  await editar.getByRole('button', { name: 'Guardar' }).click();
  await expect(especialidades.getByText(`${nombre} y ATM`, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Eliminar ${enUso.nombre}` }).click();
  const refusal = page.getByRole('dialog', { name: 'Eliminar especialidad' });
  await expect(refusal).toContainText('1 profesional la tiene en su perfil');
  await refusal.getByRole('button', { name: 'Entendido' }).click();

  await page.getByRole('button', { name: `Eliminar ${nombre} y ATM` }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar especialidad' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Especialidad eliminada' })).toBeVisible();
  await expect(especialidades.getByText(`${nombre} y ATM`, { exact: true })).toHaveCount(0);

  const zona = uniqueName('Zona');
  const numero = String(10_000 + Math.floor(Math.random() * 80_000));
  await page.getByRole('button', { name: 'Nueva zona' }).click();
  const nuevaZona = page.getByRole('dialog', { name: 'Nueva zona' });
  await nuevaZona.getByLabel('Nombre').fill(zona);
  await nuevaZona.getByLabel('Número').fill(numero);
  await nuevaZona.getByRole('button', { name: 'Crear zona' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Zona creada' })).toBeVisible();

  // A number already taken: the spec's alert, and why, under the field.
  await page.getByRole('button', { name: 'Nueva zona' }).click();
  await nuevaZona.getByLabel('Nombre').fill(`${zona} bis`);
  await nuevaZona.getByLabel('Número').fill(numero);
  await nuevaZona.getByRole('button', { name: 'Crear zona' }).click();
  await expect(
    nuevaZona.getByRole('alert').filter({ hasText: 'Error al crear la nueva zona' }),
  ).toBeVisible();
  await expect(nuevaZona.getByLabel('Número')).toHaveAccessibleDescription(MESSAGES.zonas.NUMERO_TAKEN);
  await nuevaZona.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('button', { name: `Editar la zona ${zona}` }).click();
  const editarZona = page.getByRole('dialog', { name: 'Editar zona' });
  await expect(editarZona.getByLabel('Número')).toHaveValue(numero);
  await editarZona.getByLabel('Nombre').fill(`${zona} Norte`);
  await editarZona.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('table', { name: 'Zonas' }).getByText(`${zona} Norte`)).toBeVisible();

  await scanAndCapture(page, 'catalogos', async () => {
    await expect(especialidades.getByText('Ortodoncia', { exact: true })).toBeVisible();
  });
  await page.getByRole('button', { name: 'Nueva especialidad' }).click();
  await scanAndCapture(page, 'catalogos-nueva-especialidad', async () => {
    await expect(page.getByRole('dialog', { name: 'Nueva especialidad' })).toBeVisible();
  });
});
