import type { ReglaValues } from '@red-dental/contracts';
import { expect, otherClient, signIn, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

// Codes of this suite's own, so that no other suite's code table meets them.
const CODIGOS = [
  'codigo;capitulo;nombre;area;caras_min;caras_max;denticion;unidades',
  '01.91;01;Consulta del cierre;boca;;;ambas;1',
  '02.91;02;Obturación del cierre;caras;1;3;permanente;1',
  '05.91;05;Limpieza del cierre;boca;;;ambas;1',
].join('\r\n');
const ARANCELES = [
  'codigo;importe;vigente_desde;vigente_hasta',
  '01.91;10.000,00;01/01/2026;',
  '02.91;8.000,00;01/01/2026;',
  '05.91;5.000,00;01/01/2026;',
].join('\r\n');
const REGLAS: Partial<ReglaValues>[] = [
  { objetivo: '01.91' },
  { objetivo: '02.91', adjuntos: ['rx_post'] },
  { objetivo: '05.91' },
];

/** The month `n` months before today's (yyyy-mm), a day in it, and its name as the screens write it. */
function mesAtras(n: number, dia = 10) {
  const now = new Date(Date.now() - 3 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, dia));
  const nombre = d.toLocaleDateString('es-AR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return { periodo: d.toISOString().slice(0, 7), dia: d.toISOString().slice(0, 10), nombre };
}

test('staff close a month, an auditor decides a sampled line, the dentist asks for a reconsideration and is paid it at the next closing, and staff export the lot and import the insurer’s débitos', async ({
  page,
  browser,
  baseURL,
  backend,
}) => {
  test.setTimeout(180_000);
  const A = mesAtras(2);
  const B = mesAtras(1);
  // A contract that takes lines up to 120 days back, so this suite can validate two months ago.
  const red = await backend.createRedParaAtender(CODIGOS, ARANCELES, REGLAS, 120);
  const dentista = await backend.createCartillaProfesional(red.obraSocialId, {});
  const auditor = await backend.createUserWithRole('AUDITOR ODONTOLÓGICO');
  await backend.validar(dentista, red.documento, A.dia, [{ codigo: '01.91' }]);
  await backend.validar(dentista, red.documento, A.dia, [{ codigo: '02.91', pieza: 36, caras: 'O' }]);
  const limpieza = await backend.validar(dentista, red.documento, mesAtras(2, 12).dia, [{ codigo: '05.91' }]);

  // Staff close the month, with every line from $ 10.000,00 in the sample.
  const admin = await backend.createUser('ADMINISTRADOR');
  await signIn(page, admin.user, admin.pass);
  await expect(page).toHaveURL(/\/profesionales$/);
  await page.getByRole('link', { name: 'Cierre del mes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cierre del mes' })).toBeVisible();
  await page.getByRole('button', { name: `Cerrar ${A.nombre}` }).click();
  const cerrar = page.getByRole('dialog', { name: `Cerrar ${A.nombre}` });
  await cerrar.getByLabel('Muestra al azar (% de las líneas limpias)').fill('0');
  await cerrar.getByLabel('Auditar toda línea desde (importe a cargo de la obra social)').fill('10.000,00');
  await cerrar.getByLabel('Auditar al prestador con desvío (veces la mediana de la red)').fill('');
  await cerrar.getByRole('button', { name: 'Cerrar el período' }).click();
  await expect(page.getByText(`Período ${A.periodo} cerrado`)).toBeVisible();
  const liquidaciones = page.getByRole('table', { name: 'Liquidaciones' });
  await expect(liquidaciones.getByRole('row', { name: new RegExp(dentista.nombre) })).toBeVisible();
  const lotes = page.getByRole('table', { name: 'Lotes' });
  const lote = lotes.getByRole('row', { name: /Obra Social Sillón/ });
  await expect(lote).toContainText('$ 5.000,00');
  await scanAndCapture(page, 'cierre-periodo');

  // The auditor decides the sampled consultation.
  const auditorContext = await browser.newContext(otherClient(baseURL));
  const mesa = await auditorContext.newPage();
  await signIn(mesa, auditor.user, auditor.pass);
  await expect(mesa).not.toHaveURL(/\/login$/);
  await mesa.goto('/auditoria-odontologica?ver=prestaciones');
  const fila = mesa
    .getByRole('list', { name: 'Prestaciones de la cola' })
    .getByRole('button', { name: /01\.91/ });
  await fila.click();
  await expect(mesa.getByRole('heading', { name: /01\.91 Consulta del cierre/ })).toBeVisible();
  await expect(mesa.getByText('Importe alto').first()).toBeVisible();
  await scanAndCapture(mesa, 'cierre-mesa-prestaciones');
  await mesa.getByRole('button', { name: 'Aprobar', exact: true }).click();
  await mesa.getByRole('button', { name: 'Registrar decisión' }).click();
  await expect(mesa.getByText('Decisión registrada')).toBeVisible();

  // The dentist, on a phone, reads her statement and asks for the rejected filling to be reconsidered.
  const celularContext = await browser.newContext({
    ...otherClient(baseURL),
    viewport: { width: 375, height: 812 },
  });
  const celular = await celularContext.newPage();
  await signIn(celular, dentista.user, dentista.pass);
  await expect(celular).not.toHaveURL(/\/login$/);
  await celular.goto('/liquidaciones');
  await celular.getByRole('link', { name: A.nombre }).click();
  await expect(celular.getByRole('heading', { name: `Liquidación de ${A.nombre}` })).toBeVisible();
  const lineas = celular.getByRole('table', { name: 'Líneas de la liquidación' });
  await expect(lineas).toContainText('Falta la Rx postoperatoria');
  // Her statement as a PDF, published to her behind the closing: opening it is her read receipt.
  const estado = celular.getByRole('link', { name: 'Estado de cuenta (PDF)' });
  await expect(async () => {
    await celular.reload();
    await expect(estado).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const pdf = await celular.request.get((await estado.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const [pestana] = await Promise.all([celular.waitForEvent('popup'), estado.click()]);
  await pestana.close();
  await scanAndCapture(celular, 'cierre-liquidacion-prestador');
  await lineas.getByRole('button', { name: 'Pedir reconsideración' }).click();
  const reconsiderar = celular.getByRole('dialog', { name: 'Pedir reconsideración' });
  await reconsiderar
    .getByLabel('Por qué pide que se reconsidere')
    .fill('La Rx postoperatoria está en la ficha: la adjunto por mail');
  await reconsiderar.getByRole('button', { name: 'Pedir reconsideración' }).click();
  await expect(celular.getByText('Reconsideración pedida: la prestación vuelve al auditor')).toBeVisible();

  // The auditor approves it; the next closing pays it back.
  await mesa.reload();
  await mesa
    .getByRole('list', { name: 'Prestaciones de la cola' })
    .getByRole('button', { name: /02\.91/ })
    .click();
  await expect(mesa.getByText('La Rx postoperatoria está en la ficha', { exact: false })).toBeVisible();
  await mesa.getByRole('button', { name: 'Aprobar', exact: true }).click();
  await mesa.getByRole('button', { name: 'Registrar decisión' }).click();
  await expect(mesa.getByText('Decisión registrada')).toBeVisible();

  await page.goto('/cierre');
  await page.getByRole('button', { name: `Cerrar ${B.nombre}` }).click();
  await page
    .getByRole('dialog', { name: `Cerrar ${B.nombre}` })
    .getByRole('button', { name: 'Cerrar el período' })
    .click();
  await expect(page.getByText(`Período ${B.periodo} cerrado`)).toBeVisible();

  // Staff see on her first statement that she opened it.
  await page.goto(`/cierre/${A.periodo}`);
  await page
    .getByRole('table', { name: 'Liquidaciones' })
    .getByRole('row', { name: new RegExp(dentista.nombre) })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByText(/^El prestador lo abrió el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();

  await celular.goto('/liquidaciones');
  await celular.getByRole('link', { name: B.nombre }).click();
  const siguientes = celular.getByRole('table', { name: 'Líneas de la liquidación' });
  await expect(siguientes).toContainText('Reconsideración aprobada: se paga lo debitado');
  await expect(siguientes).toContainText('Consulta del cierre');

  // Staff take the first month's lot out and load the insurer's débitos on it.
  await page.goto(`/cierre/${A.periodo}`);
  const loteA = page.getByRole('table', { name: 'Lotes' }).getByRole('row', { name: /Obra Social Sillón/ });
  const descarga = page.waitForEvent('download');
  await loteA.getByRole('button', { name: 'FHIR' }).click();
  expect((await descarga).suggestedFilename()).toMatch(/^lote-0001-\d{8}-\d{4}-\d{2}-\d{2}\.fhir\.json$/);
  await loteA.getByRole('button', { name: 'Débitos' }).click();
  const debitos = page.getByRole('dialog', { name: /Débitos del lote/ });
  await debitos.getByRole('button', { name: 'Importar débitos' }).click();
  const importar = page.getByRole('dialog', { name: /Importar débitos del lote/ });
  await importar.getByLabel('Archivo CSV').setInputFiles({
    name: 'debitos-sillon.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`codigo_validacion;importe;motivo\n${limpieza};1.000,00;D10 tope mensual excedido\n`),
  });
  await expect(importar.getByText(/1 débito en el archivo: 1 se traslada al prestador/)).toBeVisible();
  await importar.getByRole('button', { name: 'Importar' }).click();
  await expect(debitos.getByRole('table', { name: 'Débitos del lote' })).toContainText(
    `Trasladado a ${dentista.nombre} (por regla)`,
  );
  await scanAndCapture(page, 'cierre-debitos-lote');
  await page.keyboard.press('Escape');

  // Before raising a fee, staff simulate the draft on the last three months' lines.
  await page.goto('/convenios');
  // Other suites' networks have contracts too: all of them on one page, and this suite's by its insurer.
  await page.getByLabel('Filas por página').selectOption('50');
  await page
    .getByRole('button', { name: `Ver los aranceles de Convenio del sillón (${red.obraSocialNombre})` })
    .click();
  await page.getByRole('button', { name: 'Importar aranceles' }).click();
  const borrador = page.getByRole('dialog', { name: /^Importar aranceles de/ });
  await borrador.getByLabel('Archivo CSV').setInputFiles({
    name: 'aranceles-2027.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `codigo;importe;vigente_desde;vigente_hasta\n01.91;12.000,00;01/${A.periodo.slice(5, 7)}/${A.periodo.slice(0, 4)};\n`,
    ),
  });
  await expect(borrador.getByText('El archivo está listo para importar.')).toBeVisible();
  await borrador.getByRole('button', { name: 'Simular' }).click();
  await expect(
    borrador.getByText(/juzgadas con las reglas y los aranceles de hoy y con el archivo: \d+ cambiarían?\./),
  ).toBeVisible();
  const porObra = borrador.getByRole('table', { name: 'Por obra social y débito' });
  await expect(porObra.getByRole('row', { name: /Cubiertas/ })).toContainText(/\+ \$ [\d.]+,00/);
  await expect(borrador.getByRole('table', { name: 'Prestaciones que cambiarían' })).toContainText(
    'Cubierta: $ 12.000,00',
  );
  await scanAndCapture(page, 'simulacion-aranceles');
  await borrador.getByRole('button', { name: 'Cancelar' }).click();

  await auditorContext.close();
  await celularContext.close();
});
