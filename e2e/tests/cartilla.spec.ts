import { networkClock, WEEKDAYS } from '@red-dental/contracts';
import { uniqueName } from '@red-dental/testing';
import { expect, storeSession, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

const week = (day: string, start: string, end: string) =>
  Object.fromEntries(
    WEEKDAYS.map((d) => [
      d,
      d === day ? { enabled: true, times: [{ start, end }] } : { enabled: false, times: [] },
    ]),
  );

/** An affiliate's directory: one dentist in Palermo, one on call now in La Plata, one not on the map. */
async function directory(
  backend: Parameters<Parameters<typeof test>[2]>[0]['backend'],
  obraSocialId: number,
) {
  const ortodoncia = await backend.createEspecialidad();
  const endodoncia = await backend.createEspecialidad();
  const today = networkClock(new Date()).day;
  const palermo = await backend.createCartillaProfesional(obraSocialId, {
    nombre: uniqueName('Ana Cartilla'),
    direccion: 'Av. Santa Fe 3100',
    depto: '3° B',
    localidad: 'Palermo',
    lat: '-34.588',
    long: '-58.411',
    especialidades: [{ id: ortodoncia.id }],
    horarios: week(today === 'L' ? 'M' : 'L', '09:00', '13:00'),
  });
  const laPlata = await backend.createCartillaProfesional(obraSocialId, {
    nombre: uniqueName('Bruno Guardia'),
    direccion: 'Calle 7 850',
    localidad: 'La Plata',
    lat: '-34.9205',
    long: '-57.9536',
    especialidades: [{ id: endodoncia.id }],
    guardias: week(today, '00:00', '23:59'),
  });
  const sinMapa = await backend.createCartillaProfesional(obraSocialId, {
    nombre: uniqueName('Carla Sin Mapa'),
    localidad: 'Quilmes',
    especialidades: [{ id: ortodoncia.id }],
  });
  return { palermo, laPlata, sinMapa, ortodoncia };
}

test('an affiliate filters the directory, opens cards and schedules, selects from the map and reports an error', async ({
  page,
  backend,
  loginAs,
}) => {
  const afiliado = await loginAs('AFILIADO');
  const { palermo, laPlata, sinMapa, ortodoncia } = await directory(backend, afiliado.obraSocialId);
  await page.goto('/cartilla');
  await expect(page.getByRole('heading', { level: 1, name: 'Cartilla' })).toBeVisible();
  await expect(page.getByText('3 profesionales')).toBeVisible();
  // One marker per provider with coordinates.
  await expect(page.locator('.leaflet-marker-icon[aria-label]')).toHaveCount(2);
  await scanAndCapture(page, 'cartilla');

  // Filters: a specialty, then who is on call now.
  await page.getByLabel('Especialidad').selectOption(ortodoncia.nombre);
  await expect(page.getByText('2 profesionales')).toBeVisible();
  await expect(page.getByRole('article', { name: laPlata.nombre })).toHaveCount(0);
  await page.getByRole('button', { name: 'Quitar el filtro de especialidad' }).click();
  await page.getByRole('checkbox', { name: 'De guardia ahora' }).check();
  await expect(page.getByText('1 profesional', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: laPlata.nombre })).toContainText('De guardia ahora');
  await page.getByRole('checkbox', { name: 'De guardia ahora' }).uncheck();

  // A marker chosen from the map selects its card and opens it.
  await page.locator(`.leaflet-marker-icon[aria-label="${laPlata.nombre}"]`).click();
  const selected = page.getByRole('article', { name: laPlata.nombre });
  await expect(selected).toHaveAttribute('data-selected', 'true');
  await expect(selected.getByRole('button', { name: new RegExp(laPlata.nombre) })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByRole('article', { name: sinMapa.nombre })).toBeVisible();

  // A card opens with its details (and the map goes to it); its schedules open read-only.
  const card = page.getByRole('article', { name: palermo.nombre });
  await expect(card.getByText('Av. Santa Fe 3100', { exact: true })).toBeVisible();
  await expect(card.getByText('Piso/Depto./Extra')).toBeHidden();
  await card.getByRole('button', { name: new RegExp(palermo.nombre) }).click();
  await expect(card.getByRole('button', { name: new RegExp(palermo.nombre) })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(card.getByText('Piso/Depto./Extra')).toBeVisible();
  await expect(card.getByText('3° B')).toBeVisible();
  await card.getByRole('button', { name: 'Horarios' }).click();
  const horarios = page.getByRole('dialog', { name: `Horarios - ${palermo.nombre}` });
  await expect(horarios).toContainText('09:00 - 13:00');
  await expect(horarios).toContainText('Dom./Fer.');
  await scanAndCapture(page, 'cartilla-horarios');
  await horarios.getByRole('button', { name: /Cerrar/ }).click();

  // 'Informar un error'.
  await card.getByRole('button', { name: 'Informar un error' }).click();
  const report = page.getByRole('dialog', { name: 'Informar un error' });
  await report.getByLabel('Qué dato está mal').fill('El teléfono ya no es del consultorio');
  await report.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Gracias. La red revisará los datos de este profesional.' }),
  ).toBeVisible();

  // The print view: the filtered list with its date, without the map or the controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText(/Vigente al \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mapa de profesionales' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir cartilla' })).toBeHidden();
  await page.screenshot({ path: 'artifacts/cartilla-print.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });
});

test('the directory works with the keyboard alone, and sorts by distance with the location shared', async ({
  page,
  backend,
  loginAs,
}) => {
  const afiliado = await loginAs('AFILIADO');
  const { palermo, laPlata } = await directory(backend, afiliado.obraSocialId);
  // Two neighbours of the Palermo office: at the opening zoom the three make one cluster.
  for (const [lat, long] of [
    ['-34.5882', '-58.4112'],
    ['-34.5878', '-58.4106'],
  ])
    await backend.createCartillaProfesional(afiliado.obraSocialId, {
      nombre: uniqueName('Vecina'),
      lat,
      long,
    });
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: -34.921, longitude: -57.954 });
  await page.goto('/cartilla');
  await expect(page.getByText('5 profesionales')).toBeVisible();

  // A marker takes focus and Enter selects its provider.
  const marker = page.locator(`.leaflet-marker-icon[aria-label="${laPlata.nombre}"]`);
  await marker.focus();
  await expect(marker).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: laPlata.nombre })).toHaveAttribute('data-selected', 'true');

  // A cluster is a button: Enter zooms into it and the focus stays on the map, on what it opened.
  const cluster = page.getByRole('button', { name: '3 profesionales: acercar' });
  await cluster.focus();
  await page.keyboard.press('Enter');
  // The cluster's element goes once the zoom ends; only then does the focus move to what came out of it.
  await expect(cluster).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        return Boolean(active?.closest('.leaflet-container')) && active !== document.body;
      }),
    )
    .toBe(true);
  await expect(page.locator(`.leaflet-marker-icon[aria-label="${palermo.nombre}"]`)).toBeVisible();

  // A card's heading is a button: Enter opens it.
  const toggle = page
    .getByRole('article', { name: palermo.nombre })
    .getByRole('button', { name: new RegExp(palermo.nombre) });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'Cerca mío' }).click();
  await expect(page.getByText('5 profesionales, los más cercanos primero')).toBeVisible();
  await expect(page.getByRole('article').first()).toHaveAccessibleName(laPlata.nombre);
  await expect(page.getByRole('article').first()).toContainText(/a 0,\d km/);
});

test('the list keeps working when the map tiles or the map itself fail to load', async ({
  page,
  backend,
  loginAs,
  consoleWatch,
}) => {
  consoleWatch.allow(/Failed to load resource|net::ERR_FAILED|dynamically imported module|leaflet/i);
  const afiliado = await loginAs('AFILIADO');
  const { palermo } = await directory(backend, afiliado.obraSocialId);

  await page.route('**/tiles/**', (route) => route.abort());
  await page.goto('/cartilla');
  const map = page.getByRole('region', { name: 'Mapa de profesionales' });
  await expect(
    map.getByText('No se pudo cargar el mapa. La lista de profesionales sigue disponible.'),
  ).toBeVisible();
  await page
    .getByRole('article', { name: palermo.nombre })
    .getByRole('button', { name: new RegExp(palermo.nombre) })
    .click();
  await expect(page.getByRole('article', { name: palermo.nombre }).getByText('Teléfono')).toBeVisible();

  await page.unroute('**/tiles/**');
  await page.route(/leaflet-directory-map.*\.js$/, (route) => route.abort());
  await page.reload();
  await expect(
    page.getByText('No se pudo cargar el mapa. La lista de profesionales sigue disponible.'),
  ).toBeVisible();
  await expect(page.getByText('3 profesionales')).toBeVisible();
  await page
    .getByRole('article', { name: palermo.nombre })
    .getByRole('button', { name: new RegExp(palermo.nombre) })
    .click();
  await expect(page.getByRole('article', { name: palermo.nombre }).getByText('Teléfono')).toBeVisible();
});

test('the directory fits a 375 px phone with the longest names of the catalogue, and never offers GUARDIAS as a specialty', async ({
  page,
  backend,
}) => {
  // The longest real names: the insurer, the specialty and the locality of the directory, and a zone.
  const obraSocial = await backend.createObraSocial('Obra Social del Personal de la Construcción y Afines');
  const afiliado = await backend.createAfiliado(obraSocial.id);
  const cirugia = await backend.especialidadNamed('Cirugía y traumatología bucomaxilofacial');
  const radiologia = await backend.especialidadNamed('Radiología bucomaxilofacial');
  const guardias = await backend.especialidadNamed('GUARDIAS');
  const today = networkClock(new Date()).day;
  const cirujana = await backend.createCartillaProfesional(obraSocial.id, {
    nombre: uniqueName('María de los Ángeles Fernández de la Vega'),
    razonSocial: 'Centro Odontológico Integral de Cirugía y Traumatología Bucomaxilofacial',
    direccion: 'Avenida Presidente Figueroa Alcorta 3400',
    localidad: 'Presidencia Roque Sáenz Peña',
    lat: '-26.785',
    long: '-60.438',
    especialidades: [{ id: cirugia.id }, { id: radiologia.id }, { id: guardias.id }],
    guardias: week(today, '00:00', '23:59'),
  });
  await backend.assignNewZona(cirujana.id, 'Conurbano Bonaerense Sur y Gran La Plata');
  const { token } = await backend.loginAfiliado(afiliado.documento);
  await storeSession(page, token, { kind: 'afiliado' });

  await page.goto('/cartilla');
  await expect(page.getByText('1 profesional', { exact: true })).toBeVisible();
  // On call is said by 'De guardia ahora', not by a specialty called GUARDIAS.
  const especialidad = page.getByLabel('Especialidad');
  await expect(especialidad.locator('option')).toHaveText([
    'Todas las especialidades',
    'Cirugía y traumatología bucomaxilofacial',
    'Radiología bucomaxilofacial',
  ]);
  const card = page.getByRole('article', { name: cirujana.nombre });
  await expect(card).toContainText('De guardia ahora');
  await card.getByRole('button', { name: new RegExp(cirujana.nombre) }).click();
  await expect(card).toContainText('Cirugía y traumatología bucomaxilofacial, Radiología bucomaxilofacial');
  await expect(card).not.toContainText('GUARDIAS');

  // Both selects hold their longest option chosen, and still nothing runs past the phone's edge.
  await especialidad.selectOption(cirugia.nombre);
  await page.getByLabel('Localidad').selectOption('Presidencia Roque Sáenz Peña');
  await scanAndCapture(page, 'cartilla-nombres-largos');
  await page.setViewportSize({ width: 375, height: 740 });
  for (const select of await page.locator('select').all())
    expect((await select.boundingBox())!.x + (await select.boundingBox())!.width).toBeLessThanOrEqual(375);
});
