import { networkClock, type ReglaValues } from '@red-dental/contracts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

// Codes of this suite's own, so that no other suite's import of the code table meets them.
const CODIGOS = [
  'codigo;capitulo;nombre;area;caras_min;caras_max;denticion;unidades',
  '01.13;01;Consulta de control en el sillón;boca;;;ambas;1',
  '02.13;02;Obturación de resina en el sillón;caras;1;3;ambas;3',
  '04.13;04;Corona en el sillón;pieza;;;permanente;30',
  '09.13;09;Radiografía periapical en el sillón;pieza;;;ambas;0,5',
].join('\r\n');

const ARANCELES = [
  'codigo;importe;vigente_desde;vigente_hasta',
  '01.13;15.000,00;01/01/2026;',
  '02.13;U:3;01/01/2026;',
  '04.13;U:30;01/01/2026;',
  '09.13;6.000,00;01/01/2026;',
].join('\r\n');

const REGLAS: Partial<ReglaValues>[] = [
  { objetivo: '01.13' },
  { objetivo: '02.13', garantiaMeses: 24, coseguroPct: 10 },
  { objetivo: '04.13', requiereAutorizacion: true, coseguroPct: 50 },
  { objetivo: '09.13', frecuencia: 1, periodoDias: 365, ambito: 'pieza' },
];

test('a dentist looks a patient up, sees another dentist’s guarantee, writes three lines, validates and prints the comprobante', async ({
  page,
  backend,
}) => {
  const hoy = networkClock(new Date()).date;
  const red = await backend.createRedParaAtender(CODIGOS, ARANCELES, REGLAS);
  const otra = await backend.createCartillaProfesional(red.obraSocialId, {});
  const dentista = await backend.createCartillaProfesional(red.obraSocialId, {});
  // Another dentist of the network filled 36 O and took its X-ray today.
  await backend.validar(otra, red.documento, hoy, [
    { codigo: '02.13', pieza: 36, caras: 'O' },
    { codigo: '09.13', pieza: 36 },
  ]);

  await signIn(page, dentista.user, dentista.pass);
  await page.getByRole('link', { name: 'Atender' }).click();
  await page.getByLabel('Documento del paciente').fill(red.documento);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { name: red.afiliadoNombre })).toBeVisible();
  await expect(page.getByText(/^Cubierto hoy por/)).toBeVisible();
  const historia = page.getByRole('region', { name: 'Odontograma e historia en la red' });
  await expect(historia).toContainText(
    /36 O: Obturación de resina en el sillón el \d\d\/\d\d\/\d{4} por otro prestador de la red — en garantía hasta el/,
  );
  await expect(historia).not.toContainText(otra.nombre);
  await expect(
    page.getByRole('gridcell', { name: /^Pieza 36 .*cara oclusal: Obturación de resina en el sillón/ }),
  ).toBeVisible();

  const codigo = page.getByRole('combobox', { name: 'Código o nombre de la prestación' });
  const agregar = page.getByRole('button', { name: 'Agregar prestación' });
  // The same X-ray on 36: blocked, with the day the next one is covered.
  await codigo.fill('09.13');
  await page.getByRole('option', { name: /09\.13/ }).click();
  await page.getByLabel('Pieza', { exact: true }).selectOption('36');
  await agregar.click();
  await expect(page.getByText(/la próxima cubierta desde el/)).toBeVisible();
  // A crown on 16: the plan asks for a prior authorization.
  await codigo.fill('corona');
  await page.getByRole('option', { name: /04\.13/ }).click();
  await page.getByLabel('Pieza', { exact: true }).selectOption('16');
  await agregar.click();
  await expect(page.getByText('Requiere autorización previa: pídala desde acá')).toBeVisible();
  // A filling on 26, the tooth and face chosen with the keyboard on the odontogram alone.
  await codigo.fill('02.13');
  await page.getByRole('option', { name: /02\.13/ }).click();
  await page.getByRole('gridcell', { name: /^Pieza 16 / }).focus();
  for (let i = 0; i < 11; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('gridcell', { name: /^Pieza 26 / })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('o');
  await expect(page.getByRole('gridcell', { name: /^Pieza 26 .*elegida \(caras O\)/ })).toBeFocused();
  await expect(page.getByLabel('Pieza', { exact: true })).toHaveValue('26');
  await expect(page.getByRole('button', { name: 'O, oclusal' })).toHaveAttribute('aria-pressed', 'true');
  await agregar.click();
  await expect(page.getByText(/^Cubierta: \$ [\d.,]+ a cargo de la obra social, coseguro/)).toBeVisible();

  await expect(page.getByRole('button', { name: 'Validar' })).toBeDisabled();
  await scanAndCapture(page, 'atender');

  // The blocked line goes; the crown is an emergency, to be regularized within the contract's days.
  await page.getByRole('button', { name: 'Quitar 09.13 (pieza 36)' }).click();
  await page.getByRole('checkbox', { name: /Urgencia/ }).check();
  await expect(page.getByText(/Urgencia: .* requiere autorización; regularícela antes del/)).toBeVisible();
  await page.getByRole('button', { name: 'Validar' }).click();
  await expect(page.getByRole('heading', { name: 'Atención validada' })).toBeFocused();
  const code = (await page.getByText(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/).textContent())!;
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Imprimir comprobante' }).click();
  expect((await download).suggestedFilename()).toBe(`comprobante-${code}.pdf`);
  await scanAndCapture(page, 'atencion-validada');

  // Her month now holds the two lines, under the visit's code.
  await page.getByRole('link', { name: 'Mis prestaciones' }).click();
  const tabla = page.getByRole('table', { name: 'Mis prestaciones' });
  await expect(tabla).toContainText(code);
  await expect(tabla).toContainText('Corona en el sillón');
  await expect(page.getByText('2 prestaciones')).toBeVisible();
  await scanAndCapture(page, 'mis-prestaciones');
});
