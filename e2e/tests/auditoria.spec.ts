import { readFile } from 'node:fs/promises';
import { expect, otherClient, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test("a dentist's coverage check shows under the affiliate's 'Mis accesos', and the administrator finds and exports it in Auditoría", async ({
  page,
  browser,
  baseURL,
  backend,
  loginAs,
}) => {
  // The dentist checks a document on the coverage screen.
  const dentista = (await loginAs('PRESTADOR')) as { nombre: string; user: string; pass: string };
  const afiliado = await backend.createAfiliado();
  await page.goto('/afiliados');
  await page.getByLabel('DNI del afiliado').fill(afiliado.documento);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('row').filter({ hasText: afiliado.documento })).toBeVisible();

  // The affiliate, on a phone of their own, sees the check with the dentist's initials (a session
  // opened with the document alone) and role, never an e-mail.
  const phone = await browser.newContext(otherClient(baseURL));
  const portal = await phone.newPage();
  const { token } = await backend.loginAfiliado(afiliado.documento);
  await portal.goto('/login-afiliado');
  await portal.evaluate((t) => {
    localStorage.setItem('DC_TOKEN', t);
    localStorage.setItem('DC_SESSION', JSON.stringify({ kind: 'afiliado' }));
  }, token);
  await portal.goto('/perfil-afiliado');
  const accesos = portal.getByRole('region', { name: 'Mis accesos' });
  const initials = dentista.nombre
    .split(/\s+/)
    .map((w) => `${w[0]!.toUpperCase()}.`)
    .join(' ');
  const check = accesos.getByRole('row').filter({ hasText: 'Consultó su cobertura' });
  await expect(check).toContainText(initials);
  await expect(check).toContainText('Profesional');
  await expect(accesos).not.toContainText(dentista.user);
  await scanAndCapture(portal, 'perfil-afiliado-accesos');

  // The download of all of it, and the same data ready to print.
  const download = portal.waitForEvent('download');
  await portal.getByRole('button', { name: 'Descargar (JSON)' }).click();
  const datos = JSON.parse(await readFile((await (await download).path())!, 'utf8'));
  expect(datos.afiliado.documento).toBe(afiliado.documento);
  expect(datos.accesos[0]).toMatchObject({ tipo: 'consulta', nombre: initials, rol: 'Profesional' });
  await portal.getByRole('link', { name: 'Ver para imprimir' }).click();
  await expect(portal.getByRole('heading', { name: 'Mis datos en la red' })).toBeVisible();
  await expect(portal.getByRole('region', { name: 'Quién accedió a sus datos' })).toContainText(initials);
  await scanAndCapture(portal, 'mis-datos-afiliado');
  await phone.close();

  // The administrator filters the audit by the document and exports what it shows.
  await loginAs('ADMINISTRADOR');
  await page.goto('/afiliados');
  await page.getByRole('link', { name: 'Auditoría', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible();
  await page.getByLabel('Documento del afiliado').fill(afiliado.documento);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`documento=${afiliado.documento}`));
  // The sentence names the affiliate, with the document written as people write it.
  const dotted = afiliado.documento.replace(/\B(?=(\d{3})+$)/g, '.');
  const row = page
    .getByRole('row')
    .filter({ hasText: `Consultó la cobertura de Afiliada de Prueba (DNI ${dotted})` });
  await expect(row).toContainText(dentista.nombre);
  await expect(row).toContainText(dentista.user);
  await expect(row).toContainText('Afiliado encontrado');
  await scanAndCapture(page, 'auditoria');

  // 'Exportar' offers the workbook and the CSV with `;` (Excel in Spanish) or `,`, as the other lists do.
  await page.getByRole('button', { name: 'Exportar' }).click();
  await expect(page.getByRole('list', { name: 'Formato del archivo' })).toContainText('Excel (.xlsx)');
  await scanAndCapture(page, 'auditoria-exportar');
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV separado por punto y coma (Excel en español)' }).click();
  const file = await csv;
  expect(file.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, ...lines] = text.slice(1).split('\r\n');
  expect(header).toBe('Fecha;Usuario;Email;Rol;Acción;Qué;Sobre;Documento del afiliado;Detalle;Dirección IP');
  const exported = lines.find((line) => line.includes(dentista.nombre))!;
  expect(exported).toContain(
    `;Consultó la cobertura de Afiliada de Prueba (DNI ${dotted});Consultó la cobertura de;afiliado;`,
  );
  expect(exported).toContain(`;${afiliado.documento};Afiliado encontrado;`);
  expect(text).not.toContain('{');

  // The export is itself in the log.
  await page.getByLabel('Documento del afiliado').fill('');
  await page.getByLabel('Acción').selectOption('export');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(
    page.getByRole('row').filter({ hasText: 'Exportó el registro de auditoría' }).first(),
  ).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'Exportó el registro de auditoría' }).first(),
  ).toContainText('Formato: CSV');
  await scanAndCapture(page, 'auditoria-exportaciones');
});
