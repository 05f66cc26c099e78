import { uniqueName } from '@red-dental/testing';
import { expect, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

/** A code table as a network's spreadsheet has it: semicolons, Latin-1 accents. */
const CODIGOS = [
  'codigo;capitulo;nombre;area;caras_min;caras_max;denticion;unidades',
  '01.01;01;Consulta. Examen, diagnóstico y plan de tratamiento;boca;;;ambas;1',
  '02.01;02;Obturación con amalgama, cavidad simple;caras;1;1;ambas;2,5',
  '05.01;05;Tartrectomía y cepillado mecánico;boca;;;ambas;1,5',
  '06.01;06;Ortodoncia: aparatología removible, por arcada;arcada;;;ambas;20',
].join('\r\n');

const ARANCELES = [
  'codigo;importe;vigente_desde;vigente_hasta',
  '01.01;15.000,00;01/01/2026;',
  '02.01;U:2,5;01/01/2026;',
  '05.01;18.500,00;01/01/2026;',
  '06.01;U:20;01/01/2026;',
].join('\r\n');

test('staff load the code table and a contract’s fees, write a plan’s rules in the editor and read them in words, and give an affiliate the plan', async ({
  page,
  backend,
  loginAs,
  consoleWatch,
}) => {
  // The overlapping rule refused on purpose below.
  consoleWatch.allow(/status of 409/);
  const obraSocial = await backend.createObraSocial(uniqueName('Obra Social Planes'));
  const afiliado = await backend.createAfiliado(obraSocial.id);
  await loginAs('ADMINISTRADOR');

  // The code table, from a Latin-1 file.
  await page.goto('/nomenclador');
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const codigos = page.getByRole('dialog', { name: 'Importar nomenclador' });
  await codigos.getByLabel('Archivo CSV').setInputFiles({
    name: 'nomenclador.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CODIGOS, 'latin1'),
  });
  await expect(codigos).toContainText('4 códigos en el archivo');
  await codigos.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(codigos).toBeHidden();
  await expect(page.getByRole('table', { name: 'Nomenclador' })).toContainText(
    'Tartrectomía y cepillado mecánico',
  );

  // A contract with the insurer, and its fees.
  await page.goto('/convenios');
  await page.getByRole('button', { name: 'Nuevo convenio' }).click();
  const convenio = page.getByRole('dialog', { name: 'Nuevo convenio' });
  await convenio.getByLabel('Obra social').selectOption({ label: obraSocial.nombre });
  await convenio.getByLabel('Nombre').fill('Convenio 2026');
  await convenio.getByLabel('Vigente desde').fill('2026-01-01');
  await convenio.getByLabel('Valor de la unidad ($)').fill('12.000,00');
  await convenio.getByRole('button', { name: 'Crear convenio' }).click();
  await page
    .getByRole('button', { name: `Ver los aranceles de Convenio 2026 (${obraSocial.nombre})` })
    .click();
  await page.getByRole('button', { name: 'Importar aranceles' }).click();
  const aranceles = page.getByRole('dialog', { name: 'Importar aranceles de Convenio 2026' });
  await aranceles.getByLabel('Archivo CSV').setInputFiles({
    name: 'aranceles.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(ARANCELES, 'utf8'),
  });
  await expect(aranceles).toContainText('4 aranceles en el archivo: 4 nuevos');
  await aranceles.getByRole('button', { name: 'Importar', exact: true }).click();
  await page.getByLabel('Vigentes al').fill('2026-06-01');
  const fees = page.getByRole('table', { name: 'Aranceles' });
  await expect(fees.getByRole('row').filter({ hasText: 'Obturación con amalgama' })).toContainText(
    '$ 30.000,00',
  );
  await expect(fees.getByRole('row').filter({ hasText: 'Tartrectomía' })).toContainText('$ 18.500,00');

  // A plan, and three rules written in the editor.
  await page.goto('/planes');
  await page.getByRole('button', { name: 'Nuevo plan' }).click();
  const nuevoPlan = page.getByRole('dialog', { name: 'Nuevo plan' });
  await nuevoPlan.getByLabel('Obra social').selectOption({ label: obraSocial.nombre });
  await nuevoPlan.getByLabel('Código').fill('210');
  await nuevoPlan.getByLabel('Nombre').fill('Plan 210');
  await nuevoPlan.getByRole('button', { name: 'Crear plan' }).click();
  await page.getByRole('button', { name: `Ver las reglas de Plan 210 (${obraSocial.nombre})` }).click();
  const reglas = page.getByRole('table', { name: 'Reglas de Plan 210' });

  const nuevaRegla = async (
    fill: (dialog: ReturnType<typeof page.getByRole>) => Promise<void>,
    reads: string,
  ) => {
    await page.getByRole('button', { name: 'Nueva regla' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva regla' });
    await fill(dialog);
    await dialog.getByLabel('Vigente desde').fill('2026-01-01');
    await expect(dialog.getByText(reads)).toBeVisible();
    await dialog.getByRole('button', { name: 'Agregar regla' }).click();
    await expect(dialog).toBeHidden();
  };
  await nuevaRegla(async (d) => {
    await d.getByLabel('Código', { exact: true }).fill('05.01');
    await d.getByLabel('Cantidad').fill('1');
    await d.getByLabel('Días', { exact: true }).fill('180');
  }, 'Código 05.01: una cada 180 días por afiliado, 100 %, sin coseguro');
  await nuevaRegla(async (d) => {
    await d.getByLabel('Se aplica a').selectOption('capitulo');
    await d.getByLabel('Capítulo').selectOption('06');
    await d.getByLabel('Cobertura (%)').fill('50');
    await d.getByLabel('Cantidad').fill('1');
    await d.getByLabel('Período').selectOption('total');
    await d.getByLabel('Edad mínima').fill('10');
    await d.getByLabel('Edad máxima').fill('18');
    await d.getByRole('checkbox', { name: 'Requiere autorización previa' }).check();
    await d.getByRole('checkbox', { name: 'Presupuesto' }).check();
  }, 'Capítulo 06 (Ortodoncia y ortopedia funcional): una en total por afiliado, 50 %, sin coseguro, de 10 a 18 años, requiere autorización previa, con presupuesto');
  await nuevaRegla(async (d) => {
    await d.getByLabel('Código', { exact: true }).fill('02.01');
    await d.getByLabel('Coseguro', { exact: true }).selectOption('importe');
    await d.getByLabel('Coseguro ($)').fill('2.500');
    await d.getByLabel('Garantía (meses)').fill('24');
    await d.getByLabel('Carencia (días)').fill('60');
  }, 'Código 02.01: 100 %, coseguro $ 2.500,00, carencia de 60 días, garantía de 24 meses por pieza y cara');

  // Read back in words, the codes by their names.
  await expect(reglas.getByRole('row')).toHaveCount(4);
  await expect(reglas).toContainText(
    'Tartrectomía y cepillado mecánico (05.01): una cada 180 días por afiliado, 100 %, sin coseguro',
  );
  await expect(reglas).toContainText(
    'Obturación con amalgama, cavidad simple (02.01): 100 %, coseguro $ 2.500,00, carencia de 60 días, garantía de 24 meses por pieza y cara',
  );
  await expect(reglas).toContainText(
    'Capítulo 06 (Ortodoncia y ortopedia funcional): una en total por afiliado, 50 %',
  );

  // A second version over the same days is refused with the reason.
  await page.getByRole('button', { name: 'Nueva regla' }).click();
  const repetida = page.getByRole('dialog', { name: 'Nueva regla' });
  await repetida.getByLabel('Código', { exact: true }).fill('05.01');
  await repetida.getByLabel('Vigente desde').fill('2026-03-01');
  await repetida.getByRole('button', { name: 'Agregar regla' }).click();
  await expect(repetida.getByLabel('Vigente desde')).toHaveAccessibleDescription(
    /Ya hay una regla para Tartrectomía y cepillado mecánico \(05\.01\) vigente desde el 01\/01\/2026/,
  );
  await scanAndCapture(page, 'regla-editor');
  await repetida.getByRole('button', { name: 'Cancelar' }).click();
  await scanAndCapture(page, 'planes');

  // The affiliate gets the plan, the card's number and the day they joined.
  await page.goto(`/afiliados?search=${afiliado.documento}`);
  const row = page.getByRole('row').filter({ hasText: afiliado.documento });
  await row.getByRole('button', { name: /^Editar / }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Afiliado' });
  await expect(edit.getByLabel('Plan')).toHaveValue('');
  await edit.getByLabel('Plan').selectOption({ label: 'Plan 210 (210)' });
  await edit.getByLabel('Número de Afiliado').fill('60-123456-01');
  await edit.getByLabel('Fecha de Alta').fill('2024-03-01');
  await scanAndCapture(page, 'afiliado-plan-editor');
  await edit.getByRole('button', { name: 'Guardar Afiliado' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Plan 210');
  await scanAndCapture(page, 'afiliado-con-plan');
});
