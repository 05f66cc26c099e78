import { MAP_FALLBACK_CENTER } from '@red-dental/contracts';
import { expect, otherClient, test } from '../support/fixtures.ts';
import { waitForMailLink } from '../support/mail.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

/** Funes, Santa Fe, as the country's list of localities places its centre. */
const FUNES = { lat: -32.91568, long: -60.80995 };

test('an office in a town the geocoder does not know: the map says so, keeps no fallback pin, goes to the locality chosen and takes the pin put by hand', async ({
  page,
  backend,
  loginAs,
}) => {
  const dentist = await loginAs('PRESTADOR');
  const especialidad = await backend.createEspecialidad();
  await page.goto('/mi-perfil');
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Teléfono').fill('0341 493-0000');
  await page.getByLabel('Razón Social').fill('Consultorio Funes SRL');
  await page.getByRole('checkbox', { name: especialidad.nombre }).check();
  await page.getByRole('switch', { name: 'Miércoles' }).check();

  // The geocoder knows neither the address nor the town: both say so.
  await page.getByRole('combobox', { name: 'Dirección' }).fill('Hipólito Yrigoyen 2150, Funes');
  await expect(
    page.getByText('No se encontró esa dirección. Puede marcar el consultorio haciendo clic en el mapa.'),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Localidad' }).fill('Funes');
  await page.getByRole('combobox', { name: 'Localidad' }).press('Escape');
  const mapa = page.getByRole('region', { name: 'Ubicación del consultorio en el mapa' });
  await expect(
    mapa.getByText(
      'No se encontró la localidad “Funes” en el mapa, que quedó en el centro de Buenos Aires. Elija su localidad en la lista de “Localidad”, o lleve el mapa hasta el consultorio, y márquelo allí.',
    ),
  ).toBeVisible();

  // Neither the button nor a click takes the fallback centre for the office.
  await mapa.getByRole('button', { name: 'Marcar el consultorio en el centro del mapa' }).click();
  const refused = mapa.getByText(
    'El mapa todavía muestra el centro de Buenos Aires, que nadie eligió. Lleve el mapa hasta el consultorio (o elija su localidad) y márquelo allí.',
  );
  await expect(refused).toBeVisible();
  await mapa.locator('.leaflet-container').click({ position: { x: 140, y: 90 } });
  await expect(mapa.locator('.leaflet-marker-icon')).toHaveCount(0);
  await scanAndCapture(page, 'perfil-localidad-no-encontrada');

  // Saved so, the profile has no place: not the Obelisco.
  await page.getByRole('button', { name: 'Completar Perfil' }).click();
  const completed = page.getByRole('dialog', {
    name: 'Perfil completado correctamente, puede seguir tranquilo',
  });
  await completed.getByRole('button', { name: 'Aceptar' }).click();
  expect(await backend.ownProfile(dentist.user, dentist.pass)).toMatchObject({
    localidad: 'Funes',
    lat: null,
    long: null,
    ubicacionOrigen: null,
  });

  // The country's list knows the town: choosing it takes the map there, still without a pin.
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('combobox', { name: 'Localidad' }).click();
  await page.getByRole('option', { name: 'Funes, Santa Fe' }).click();
  await expect(
    mapa.getByText(
      'El mapa muestra Funes, Santa Fe. Haga clic en el lugar exacto del consultorio: el centro de la localidad no es su ubicación.',
    ),
  ).toBeVisible();
  await expect(mapa.getByText(/No se encontró la localidad/)).toHaveCount(0);
  await expect(mapa.locator('.leaflet-marker-icon')).toHaveCount(0);
  // The button on the locality's centre, unmoved, is no pin either.
  await mapa.getByRole('button', { name: 'Marcar el consultorio en el centro del mapa' }).click();
  await expect(
    mapa.getByText(/El centro del mapa es el de la localidad, no el del consultorio/),
  ).toBeVisible();
  await scanAndCapture(page, 'perfil-localidad-elegida');

  // A click where the office is puts the pin there, and the save keeps it.
  await mapa.locator('.leaflet-container').click({ position: { x: 140, y: 90 } });
  await expect(mapa.locator('.leaflet-marker-icon')).toBeVisible();
  await expect(mapa.getByRole('button', { name: 'Marcar el consultorio en el centro del mapa' })).toHaveCount(
    0,
  );
  await scanAndCapture(page, 'perfil-pin-a-mano');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await completed.getByRole('button', { name: 'Aceptar' }).click();
  const placed = await backend.ownProfile(dentist.user, dentist.pass);
  expect(placed).toMatchObject({ localidad: 'Funes', ubicacionOrigen: 'manual' });
  // In Funes (a click away from its centre), 300 km from the map's fallback.
  expect(Math.abs(Number(placed.lat) - FUNES.lat)).toBeLessThan(0.05);
  expect(Math.abs(Number(placed.long) - FUNES.long)).toBeLessThan(0.05);
  expect(Math.abs(Number(placed.lat) - MAP_FALLBACK_CENTER.lat)).toBeGreaterThan(1);
});

test("the reminder's page shows the office's pin on the map and the office hours it confirms", async ({
  browser,
  baseURL,
  backend,
}) => {
  const { id: obraSocialId } = await backend.createObraSocial();
  const horarios = { X: { enabled: true, times: [{ start: '09:00', end: '17:00' }] } };
  const dentist = await backend.createCartillaProfesional(obraSocialId, {
    direccion: 'Hipólito Yrigoyen 2150',
    localidad: 'Funes',
    lat: '-32.916100',
    long: '-60.812300',
    ubicacionOrigen: 'manual',
    horarios,
  });
  await backend.sendRecordatorio(dentist.id);
  const link = await waitForMailLink(dentist.user, /https?:\/\/[^\s"<>]+\/datos-al-dia\/[A-Za-z0-9_-]+/);
  const inbox = await browser.newContext(otherClient(baseURL));
  const mailPage = await inbox.newPage();
  await mailPage.goto(new URL(link).pathname);
  await expect(mailPage.getByRole('heading', { name: 'Sus datos en la cartilla' })).toBeVisible();
  const pin = mailPage.getByRole('region', { name: 'Ubicación del consultorio en el mapa de la cartilla' });
  await expect(pin.getByRole('img', { name: 'Consultorio' })).toBeVisible();
  const hours = mailPage.getByRole('region', { name: 'Horarios de atención' });
  await expect(hours.getByText('Miércoles')).toBeVisible();
  await expect(hours.getByText('09:00 - 17:00')).toBeVisible();
  await expect(hours.getByText('No disponible')).toHaveCount(6);
  await scanAndCapture(mailPage, 'datos-al-dia-ubicacion');
  await inbox.close();
});
