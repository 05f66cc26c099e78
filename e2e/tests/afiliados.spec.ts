import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { uniqueDocumento, uniqueName } from '@red-dental/testing';
import ExcelJS from 'exceljs';
import { expect, otherClient, signIn, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

async function addObraSocial(page: Page, nombre: string) {
  await page.getByRole('button', { name: 'Agregar Obra Social' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar Obra Social' });
  await dialog.getByLabel('Nombre').fill(nombre);
  await dialog.getByLabel('Teléfono 1', { exact: true }).fill('0810-555-0101');
  await dialog.getByRole('button', { name: 'Agregar otro teléfono' }).click();
  await dialog.getByLabel('Teléfono 2', { exact: true }).fill('011 4000-0101');
  await dialog.getByLabel('Mail 1', { exact: true }).fill('afiliaciones@example.com');
  await dialog.getByRole('button', { name: 'Guardar Obra Social' }).click();
  await expect(dialog).toBeHidden();
}

test('staff add an affiliate, edit it, import a CSV into a new insurer, find the rows and delete the insurer', async ({
  page,
  consoleWatch,
  loginAs,
}) => {
  // The duplicate document below is refused with a 409 on purpose.
  consoleWatch.allow(/status of 409/);
  const insurerA = uniqueName('Obra Social Alta');
  const insurerB = uniqueName('Obra Social CSV');
  const documento = uniqueDocumento();
  const [csvDoc1, csvDoc2] = [uniqueDocumento(), uniqueDocumento()];

  await loginAs('ADMINISTRADOR');

  // An insurer from the insurer list, so the affiliate has one to belong to.
  await page.goto('/obra-social');
  await addObraSocial(page, insurerA);
  const rowA = page.getByRole('row').filter({ hasText: insurerA });
  await expect(rowA).toContainText('0810-555-0101');
  await expect(rowA).toContainText('afiliaciones@example.com');

  // Add an affiliate by hand.
  await page.goto('/afiliados');
  await page.getByRole('link', { name: 'Agregar Afiliado' }).click();
  await expect(page).toHaveURL(/\/afiliados\/form-afiliado$/);
  await page.getByLabel('Nombre Completo').fill('Rosa Benítez');
  await page.getByLabel('Tipo').selectOption('DNI');
  await page.getByLabel('Número de Documento').fill(documento);
  await page.getByLabel('Fecha de Nacimiento').fill('1979-08-15');
  await page.getByLabel('Obra Social', { exact: true }).selectOption({ label: insurerA });
  await page.getByRole('button', { name: 'Cargar Afiliado' }).click();
  await expect(page.getByText('Afiliado cargado correctamente.').first()).toBeVisible();

  // The same document twice is refused, and said under the field.
  await page.getByLabel('Nombre Completo').fill('Otra Persona');
  await page.getByLabel('Tipo').selectOption('DNI');
  await page.getByLabel('Número de Documento').fill(documento);
  await page.getByLabel('Obra Social', { exact: true }).selectOption({ label: insurerA });
  await page.getByRole('button', { name: 'Cargar Afiliado' }).click();
  await expect(page.getByText('Ya existe un afiliado con ese documento')).toBeVisible();

  // Find it and edit it in the modal.
  await page.goto('/afiliados');
  await page.getByLabel('Buscar por documento o nombre').fill(documento);
  await page.getByLabel('Buscar por documento o nombre').press('Enter');
  const row = page.getByRole('row').filter({ hasText: documento });
  await expect(row).toContainText('Rosa Benítez');
  await expect(row).toContainText('15/08/1979');
  await expect(row).toContainText(insurerA);
  await row.getByRole('button', { name: 'Editar Rosa Benítez' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Afiliado' });
  await expect(edit.getByLabel('Tipo')).toHaveValue('DNI');
  await scanAndCapture(page, 'editar-afiliado');
  await edit.getByLabel('Nombre Completo').fill('Rosa María Benítez');
  await edit.getByLabel('Fecha de Nacimiento').fill('1979-08-16');
  await edit.getByRole('button', { name: 'Guardar Afiliado' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Rosa María Benítez');
  await expect(row).toContainText('16/08/1979');

  // Import a CSV into an insurer created from the import screen.
  await page.getByRole('link', { name: 'Importar .csv' }).click();
  await expect(page).toHaveURL(/\/afiliados\/import-csv$/);
  await addObraSocial(page, insurerB);
  await expect(page.getByLabel('Obra Social', { exact: true })).toHaveValue(/\d+/);
  await expect(page.getByLabel('Obra Social', { exact: true }).locator('option:checked')).toHaveText(
    insurerB,
  );
  const csv = [
    'Nombre Completo;DNI;Fecha de Nacimiento',
    `Ana Importada;${csvDoc1};03/04/1980`,
    `Luis Importado;${csvDoc2};`,
    'Sin Documento;;01/01/1990',
  ].join('\r\n');
  await page
    .getByLabel('Archivo .csv', { exact: true })
    .setInputFiles({ name: 'padron.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  // The dry run tells what will happen before anything is written.
  await expect(page.getByText('Se crearán')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Líneas rechazadas' })).toContainText('4');
  await expect(page.getByRole('table', { name: 'Líneas rechazadas' })).toContainText(
    'Falta el número de documento',
  );
  await scanAndCapture(page, 'afiliados-import-preview');
  await page.getByRole('button', { name: 'Cargar Afiliados' }).click();
  const done = page.getByRole('dialog', { name: 'Importación completada' });
  await expect(done).toContainText('Se han cargado 2 afiliados');
  await done.getByRole('button', { name: 'Ir a Afiliados' }).click();
  await expect(page).toHaveURL(/\/afiliados$/);

  // Find the imported rows through the insurer filter.
  await page.getByLabel('Filtrar por obra social').selectOption({ label: insurerB });
  const table = page.getByRole('table', { name: 'Afiliados' });
  await expect(table.getByRole('row').filter({ hasText: csvDoc1 })).toContainText('03/04/1980');
  await expect(table.getByRole('row').filter({ hasText: csvDoc2 })).toContainText('Luis Importado');
  await expect(table.getByRole('row')).toHaveCount(3);

  // The filtered list taken out to a spreadsheet: the workbook has the same rows, and so has the
  // CSV for Excel in Spanish.
  await page.getByRole('button', { name: 'Exportar' }).click();
  await scanAndCapture(page, 'afiliados-exportar', async () => {
    if ((await page.getByRole('button', { name: 'Exportar' }).getAttribute('aria-expanded')) !== 'true')
      await page.getByRole('button', { name: 'Exportar' }).click();
  });
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel (.xlsx)' }).click();
  const workbookFile = await xlsx;
  expect(workbookFile.suggestedFilename()).toMatch(/^afiliados-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await workbookFile.path())!);
  const sheet = workbook.worksheets[0]!;
  const sheetRows: unknown[][] = [];
  sheet.eachRow((r) => sheetRows.push((r.values as unknown[]).slice(1)));
  expect(sheetRows).toEqual([
    [
      'Nombre',
      'Tipo de documento',
      'Documento',
      'Fecha de nacimiento',
      'Obra social',
      'Plan',
      'Número de afiliado',
      'Fecha de alta',
      'Email',
      'Email pendiente de confirmación',
      'Teléfono',
      'Dado de baja',
    ],
    // The birth date is a date cell (Excel sorts by it): the day, as the sheet's reader gives it.
    ['Ana Importada', 'DNI', csvDoc1, new Date('1980-04-03T00:00:00.000Z'), insurerB],
    ['Luis Importado', 'DNI', csvDoc2, undefined, insurerB],
  ]);
  await page.getByRole('button', { name: 'Exportar' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: /punto y coma/ }).click();
  const csvText = await readFile((await (await csvDownload).path())!, 'utf8');
  expect(csvText.split('\r\n').slice(0, 3)).toEqual([
    '\ufeffNombre;Tipo de documento;Documento;Fecha de nacimiento;Obra social;Plan;Número de afiliado;Fecha de alta;Email;Email pendiente de confirmación;Teléfono;Dado de baja',
    `Ana Importada;DNI;${csvDoc1};03/04/1980;${insurerB};;;;;;;`,
    `Luis Importado;DNI;${csvDoc2};;${insurerB};;;;;;;`,
  ]);

  // Delete the insurer: its affiliates stay, with no insurer.
  await page.goto('/obra-social');
  await page.getByPlaceholder('Buscar obra social').fill(insurerB);
  const rowB = page.getByRole('row').filter({ hasText: insurerB });
  await expect(rowB.getByRole('cell').nth(1)).toHaveText('2');
  await rowB.getByRole('checkbox', { name: `Dar de baja ${insurerB}` }).check();
  await page.getByRole('button', { name: 'Dar de baja' }).click();
  const confirm = page.getByRole('dialog', { name: 'Dar de baja' });
  await expect(confirm).toContainText('Esta acción no se puede deshacer.');
  await confirm.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Se eliminaron 1 Obra(s) Social(es)')).toBeVisible();
  await expect(rowB).toHaveCount(0);

  await page.goto(`/afiliados?search=${csvDoc1}`);
  await expect(page.getByRole('row').filter({ hasText: csvDoc1 })).toContainText('No asignada');
});

test('staff screens pass an accessibility scan and are captured at 1280 and 375 px', async ({
  page,
  loginAs,
}) => {
  await loginAs('ADMINISTRADOR');
  await page.goto('/afiliados');
  await expect(page.getByRole('heading', { name: 'Lista de Afiliados' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Afiliados' })).toBeVisible();
  await scanAndCapture(page, 'afiliados');

  await page.goto('/afiliados/form-afiliado');
  await page.getByRole('button', { name: 'Cargar Afiliado' }).click();
  await expect(page.getByText('El nombre es obligatorio')).toBeVisible();
  await scanAndCapture(page, 'afiliados-form');

  await page.goto('/afiliados/import-csv');
  await page.getByRole('button', { name: 'Cargar Afiliados' }).click();
  await expect(page.getByText('Por favor, selecciona una obra social y un archivo CSV.')).toBeVisible();
  await scanAndCapture(page, 'afiliados-import-csv');

  await page.getByRole('button', { name: 'Agregar Obra Social' }).click();
  await page.getByRole('button', { name: 'Agregar otro mail' }).click();
  await expect(page.getByRole('dialog', { name: 'Agregar Obra Social' })).toBeVisible();
  await scanAndCapture(page, 'agregar-obra-social');

  await page.goto('/obra-social');
  await expect(page.getByRole('table', { name: 'Obras sociales' })).toBeVisible();
  await scanAndCapture(page, 'obra-social');
});

test('a dentist sees the prompt, then checks a DNI and reads the verdict', async ({
  page,
  browser,
  baseURL,
  backend,
  loginAs,
}) => {
  // This dentist accepts no insurer yet.
  await loginAs('PRESTADOR');
  const { documento, obraSocialId } = await backend.createAfiliado();

  await page.goto('/afiliados');
  await expect(page.getByText('Ingrese un DNI realizar la búsqueda.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText('Todas las obras sociales')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Agregar Afiliado' })).toHaveCount(0);
  await scanAndCapture(page, 'afiliados-prestador-prompt');

  const field = page.getByLabel('DNI del afiliado');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  // Only the exact document answers: a prefix finds nobody, and the screen says so in words.
  await field.fill(documento.slice(0, 4));
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Documento no encontrado')).toBeVisible();
  await expect(
    page.getByText(`No hay ningún afiliado de la red con el documento ${documento.slice(0, 4)}`),
  ).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await scanAndCapture(page, 'afiliados-prestador-desconocido');

  await field.fill(documento);
  await field.press('Enter');
  await expect(page.getByText('Usted no atiende esa obra social', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: documento });
  await expect(row).toContainText('Afiliada de Prueba');
  await expect(row).toContainText('Obra Social E2E');
  await expect(row.getByRole('button')).toHaveCount(0);
  await scanAndCapture(page, 'afiliados-prestador');

  // A dentist who accepts the insurer reads that the affiliate is covered.
  const accepting = await backend.createCartillaProfesional(obraSocialId, {});
  const office = await (await browser.newContext(otherClient(baseURL))).newPage();
  await signIn(office, accepting.user, accepting.pass);
  await expect(office).toHaveURL(/\/mi-perfil$/);
  await office.goto(`/afiliados?search=${documento}`);
  await expect(office.getByText('Con cobertura')).toBeVisible();
  await expect(office.getByText('Afiliada de Prueba tiene la afiliación activa en')).toContainText(
    'una obra social que usted atiende',
  );
  await scanAndCapture(office, 'afiliados-prestador-cubierto');
  await office.context().close();
});
