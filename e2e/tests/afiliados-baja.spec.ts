import type { Page } from '@playwright/test';
import { MESSAGES } from '@red-dental/contracts';
import { uniqueDocumento } from '@red-dental/testing';
import { expect, otherClient, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

/** The affiliate's row in the staff list, found by document. */
async function findRow(page: Page, documento: string) {
  await page.goto(`/afiliados?search=${documento}`);
  const row = page.getByRole('table', { name: 'Afiliados' }).getByRole('row').filter({ hasText: documento });
  await expect(row).toBeVisible();
  return row;
}

test('staff give an affiliate de baja and back, and the import gives de baja whoever the roster leaves out', async ({
  page,
  browser,
  baseURL,
  backend,
  loginAs,
  consoleWatch,
}) => {
  test.setTimeout(120_000);
  // The portal's refusal of an affiliate de baja.
  consoleWatch.allow(/status of 403/);
  const obraSocial = await backend.createObraSocial();
  const [ana, beto, ciro] = await Promise.all([1, 2, 3].map(() => backend.createAfiliado(obraSocial.id)));
  await loginAs('ADMINISTRATIVO');

  // 'Dar de baja' in the edit dialog asks first, saying what it does.
  const row = await findRow(page, ana!.documento);
  await row.getByRole('button', { name: /^Editar / }).click();
  const editar = page.getByRole('dialog', { name: 'Editar Afiliado' });
  await expect(editar.getByText('Afiliación activa.')).toBeVisible();
  await editar.getByRole('button', { name: 'Dar de baja' }).click();
  await expect(editar.getByRole('alert')).toContainText('Sus datos se conservan y se puede reactivar');
  await scanAndCapture(page, 'afiliado-dar-de-baja');
  await editar.getByRole('button', { name: 'Confirmar baja' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.afiliados.DEACTIVATED })).toBeVisible();
  await expect(editar).toBeHidden();
  await expect(row).toContainText('De baja');
  await scanAndCapture(page, 'afiliados-de-baja');

  // The portal refuses the affiliate, saying why.
  const affiliate = await (await browser.newContext(otherClient(baseURL))).newPage();
  await affiliate.goto('/login-afiliado');
  await affiliate.getByLabel('DNI').fill(ana!.documento);
  await affiliate.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(affiliate.getByText(MESSAGES.AFFILIATE_INACTIVE)).toBeVisible();
  await expect(affiliate).toHaveURL(/\/login-afiliado$/);
  await scanAndCapture(affiliate, 'login-afiliado-de-baja');

  // The insurer's new roster lists Ana and Beto: the dry run says Ana comes back and Ciro goes.
  await page.goto('/afiliados/import-csv');
  await page.getByLabel('Obra Social', { exact: true }).selectOption({ label: obraSocial.nombre });
  await page.getByLabel('Archivo .csv', { exact: true }).setInputFiles({
    name: 'padron.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`nombre;documento\nAna Padrón;${ana!.documento}\nBeto Padrón;${beto!.documento}\n`),
  });
  const preview = page.locator('[aria-live="polite"]').filter({ hasText: 'Vista previa' });
  await expect(preview).toContainText('Sin cambios');
  await expect(preview).not.toContainText('Se darán de baja');
  await page
    .getByRole('checkbox', {
      name: 'Dar de baja a los afiliados de esta obra social que no estén en el archivo',
    })
    .check();
  await expect(preview.getByText('Se darán de baja (no están en el archivo)')).toBeVisible();
  const stat = (label: string) =>
    preview.locator('div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(stat('Se darán de baja (no están en el archivo)').last()).toContainText('1 afiliado');
  await expect(stat('Se reactivarán').last()).toContainText('1 afiliado');
  await scanAndCapture(page, 'import-csv-bajas');
  await page.getByRole('button', { name: 'Cargar Afiliados' }).click();
  const done = page.getByRole('dialog', { name: 'Importación completada' });
  await expect(done).toContainText('Dados de baja (no estaban en el archivo)');
  await done.getByRole('button', { name: 'Ir a Afiliados' }).click();

  await expect(await findRow(page, ciro!.documento)).toContainText('De baja');
  await expect(await findRow(page, ana!.documento)).not.toContainText('De baja');

  // Ciro is reactivated from his record, and signs in again.
  await (await findRow(page, ciro!.documento)).getByRole('button', { name: /^Editar / }).click();
  await expect(editar.getByText(/^Afiliación dada de baja el \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
  await scanAndCapture(page, 'afiliado-reactivar');
  await editar.getByRole('button', { name: 'Reactivar' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.afiliados.REACTIVATED })).toBeVisible();
  await affiliate.getByLabel('DNI').fill(ciro!.documento);
  await affiliate.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(affiliate).toHaveURL(/\/perfil-afiliado$/);
  await affiliate.context().close();
});

test('the import names whom it gives de baja and whom it moves, and the list filters by state', async ({
  page,
  backend,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const osde = await backend.createObraSocial('OSDE');
  const union = await backend.createObraSocial('Unión Personal');
  const [lucia, bruno, zoe] = [uniqueDocumento(), uniqueDocumento(), uniqueDocumento()];
  await backend.importAfiliados(
    osde.id,
    `nombre,documento,email,telefono\nLucía Acuña,${lucia},lucia.acuna@example.com,011 4555-1234\n`,
  );
  await backend.importAfiliados(union.id, `nombre,documento\nBruno Álvarez,${bruno}\nZoe Quiroga,${zoe}\n`);
  await loginAs('ADMINISTRATIVO');

  // Unión Personal's roster lists Zoe and Lucía: the preview says who goes and who changes insurer.
  await page.goto('/afiliados/import-csv');
  await page.getByLabel('Obra Social', { exact: true }).selectOption({ label: union.nombre });
  await page.getByLabel('Archivo .csv', { exact: true }).setInputFiles({
    name: 'padron-union.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`nombre;documento\nZoe Quiroga;${zoe}\nLucía Acuña;${lucia}\n`),
  });
  await page
    .getByRole('checkbox', {
      name: 'Dar de baja a los afiliados de esta obra social que no estén en el archivo',
    })
    .check();
  const preview = page.locator('[aria-live="polite"]').filter({ hasText: 'Vista previa' });
  const bajas = preview.getByRole('region', { name: 'Quiénes se darán de baja' });
  await expect(bajas.getByRole('listitem')).toHaveText([`Se dará de baja a Bruno Álvarez · DNI ${bruno}`]);
  const cambios = preview.getByRole('region', { name: 'Quiénes cambiarán de obra social' });
  await expect(cambios.getByRole('listitem')).toHaveText([
    `Lucía Acuña pasará de ${osde.nombre} a ${union.nombre} · DNI ${lucia}`,
  ]);
  await scanAndCapture(page, 'import-csv-nombres-vista-previa');

  await page.getByRole('button', { name: 'Cargar Afiliados' }).click();
  const done = page.getByRole('dialog', { name: 'Importación completada' });
  await expect(done.getByRole('region', { name: 'Quiénes se dieron de baja' })).toContainText(
    'Se dio de baja a Bruno Álvarez',
  );
  await expect(done.getByRole('region', { name: 'Quiénes cambiaron de obra social' })).toContainText(
    `Lucía Acuña pasó de ${osde.nombre} a ${union.nombre}`,
  );
  // On a phone the dialog's body scrolls: the capture shows the names.
  await scanAndCapture(page, 'import-csv-nombres-resultado', () =>
    done.getByRole('region', { name: 'Quiénes cambiaron de obra social' }).scrollIntoViewIfNeeded(),
  );
  await done.getByRole('button', { name: 'Ir a Afiliados' }).click();

  // The list by insurer and state, kept in the address through a reload.
  await page.getByLabel('Filtrar por obra social').selectOption({ label: union.nombre });
  await page.getByLabel('Filtrar por estado').selectOption({ label: 'De baja' });
  await expect(page).toHaveURL(/[?&]estado=baja/);
  const table = page.getByRole('table', { name: 'Afiliados' });
  await expect(table.getByRole('row').filter({ hasText: 'DNI' })).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel('Filtrar por estado')).toHaveValue('baja');
  const deBaja = table.getByRole('row').filter({ hasText: bruno });
  await expect(deBaja).toContainText('De baja');
  await expect(table.getByRole('row').filter({ hasText: zoe })).toHaveCount(0);
  await scanAndCapture(page, 'afiliados-filtro-de-baja');

  // The active ones: Lucía's row shows her e-mail and phone when opened.
  await page.getByLabel('Filtrar por estado').selectOption({ label: 'Activos' });
  await expect(table.getByRole('row').filter({ hasText: bruno })).toHaveCount(0);
  const luciaRow = table.getByRole('row').filter({ hasText: lucia });
  await expect(table.getByRole('row').filter({ hasText: zoe })).toBeVisible();
  await scanAndCapture(page, 'afiliados-filtro-activos-contacto', async () => {
    const toggle = luciaRow.getByRole('button', { name: /^Ver (más datos|todas las columnas)$/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(table.getByRole('link', { name: 'lucia.acuna@example.com' })).toBeVisible();
    await expect(table.getByRole('link', { name: '011 4555-1234' })).toBeVisible();
  });
});
