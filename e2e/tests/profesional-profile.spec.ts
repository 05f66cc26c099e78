import { expect, signIn, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test('the administrator edits a professional (a zone made in the modal, office and on-call hours) and the dentist sees it', async ({
  page,
  backend,
  loginAs,
}) => {
  const dentist = await backend.createProfesional();
  const obraSocial = await backend.createObraSocial();
  const especialidad = await backend.createEspecialidad();
  const zonaNumero = String(100_000 + Math.floor(Math.random() * 800_000));

  await loginAs('ADMINISTRADOR');
  await page.goto('/profesionales');
  await page.getByLabel('Buscar profesional').fill(dentist.nombre);
  await page.getByLabel('Buscar profesional').press('Enter');
  await page.getByRole('link', { name: `Editar a ${dentist.nombre}` }).click();
  await expect(page).toHaveURL(/\/profesionales\/edit\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: dentist.nombre })).toBeVisible();
  await expect(page.getByLabel('Teléfono')).toHaveAttribute('readonly', '');

  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Teléfono').fill('011 4823-5510');
  await page.getByRole('checkbox', { name: obraSocial.nombre }).check();
  await page.getByRole('checkbox', { name: especialidad.nombre }).check();

  // A zone created on the spot is chosen at once.
  await page.getByRole('button', { name: 'Agregar zona' }).click();
  const nuevaZona = page.getByRole('dialog', { name: 'Nueva zona' });
  await nuevaZona.getByLabel('Nombre').fill('Zona Norte E2E');
  await nuevaZona.getByLabel('Número').fill(zonaNumero);
  await scanAndCapture(page, 'nueva-zona');
  await nuevaZona.getByRole('button', { name: 'Crear zona' }).click();
  await expect(nuevaZona).toBeHidden();
  await expect(page.getByLabel('Zona')).toHaveValue(/\d+/);
  await expect(page.getByLabel('Zona').locator('option:checked')).toHaveText(
    `${zonaNumero} - Zona Norte E2E`,
  );

  // Ticking GUARDIAS opens the on-call editor.
  await page.getByRole('checkbox', { name: 'GUARDIAS' }).check();
  const guardias = page.getByRole('dialog', { name: 'Guardias' });
  await guardias.getByRole('switch', { name: 'Sábado' }).check();
  await guardias.getByLabel('Sábado, inicio del horario 1').fill('20:00');
  await guardias.getByLabel('Sábado, fin del horario 1').fill('23:30');
  await scanAndCapture(page, 'guardias');
  await guardias.getByRole('button', { name: 'Continuar' }).click();
  await expect(guardias).toBeHidden();

  // Office hours: Monday, with a start after its end flagged when the field is left.
  await page.getByRole('switch', { name: 'Lunes' }).check();
  await page.getByLabel('Lunes, fin del horario 1').fill('08:00');
  await page.getByLabel('Lunes, inicio del horario 1').focus();
  await expect(page.getByText('La hora de inicio debe ser menor a la hora de fin')).toBeVisible();
  await page.getByLabel('Lunes, fin del horario 1').fill('13:00');
  await scanAndCapture(page, 'profesional-edit-editing');

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  const saved = page.getByRole('dialog', { name: '¡Datos guardados exitosamente!' });
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByLabel('Teléfono')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Zona').locator('option:checked')).toHaveText(
    `${zonaNumero} - Zona Norte E2E`,
  );
  await scanAndCapture(page, 'profesional-edit');

  // The dentist sees what staff saved.
  await page.getByRole('link', { name: 'Cerrar Sesión' }).click();
  await signIn(page, dentist.user, dentist.pass);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/mi-perfil');
  await expect(page.getByLabel('Teléfono')).toHaveValue('011 4823-5510');
  const obras = page.getByRole('region', { name: 'Obras Sociales' });
  await expect(obras.getByText(obraSocial.nombre)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Horarios de atención' })).toContainText('09:00 - 13:00');
  await page.getByRole('button', { name: 'Horarios de Guardias' }).click();
  await expect(page.getByRole('dialog', { name: 'Guardias' })).toContainText('20:00 - 23:30');
});

test('a new dentist completes the profile, corrects the pin on the map, and changes the password', async ({
  page,
  backend,
}) => {
  const dentist = await backend.createProfesional();
  const especialidad = await backend.createEspecialidad();
  await signIn(page, dentist.user, dentist.pass);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/mi-perfil');
  await expect(page.getByRole('heading', { level: 1, name: 'Completar Perfil' })).toBeVisible();
  await scanAndCapture(page, 'mi-perfil-incompleto');

  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Teléfono').fill('0221 421-0000');
  await page.getByLabel('Razón Social').fill('Consultorio Prueba SRL');

  // The address: suggestions after a pause in typing, then the pin on the map.
  await page.getByRole('combobox', { name: 'Dirección' }).fill('Av. Santa Fe 3100');
  await page.getByRole('option', { name: /Av\. Santa Fe 3100, Palermo/ }).click();
  await expect(page.getByLabel('Localidad')).toHaveValue('Palermo');
  const pin = page.locator('.leaflet-marker-icon');
  await expect(pin).toBeVisible();

  // Dragging the pin a little corrects the location by hand (once the map has settled on it).
  await pin.scrollIntoViewIfNeeded();
  let box = (await pin.boundingBox())!;
  await expect
    .poll(async () => {
      const previous = box;
      box = (await pin.boundingBox())!;
      return box.x === previous.x && box.y === previous.y;
    })
    .toBe(true);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30, { steps: 8 });
  await page.mouse.up();

  await page.getByRole('checkbox', { name: especialidad.nombre }).check();
  await page.getByRole('switch', { name: 'Miércoles' }).check();
  await page.getByRole('button', { name: 'Completar Perfil' }).click();
  const done = page.getByRole('dialog', { name: 'Perfil completado correctamente, puede seguir tranquilo' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeVisible();
  await scanAndCapture(page, 'mi-perfil');

  const saved = await backend.ownProfile(dentist.user, dentist.pass);
  expect(saved).toMatchObject({ localidad: 'Palermo', ubicacionOrigen: 'manual', telefono: '0221 421-0000' });
  expect(Number(saved.lat)).toBeLessThan(-34);
  expect(Number(saved.long)).toBeLessThan(-58);

  // A new password, then signing in with it.
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  const change = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
  await change.getByLabel('Contraseña actual').fill(dentist.pass);
  await change.getByLabel('Contraseña', { exact: true }).fill('OtraClave2026!');
  await change.getByLabel('Confirmar Contraseña').fill('OtraClave2026!');
  await change.getByRole('button', { name: 'Guardar' }).click();
  await expect(change).toBeHidden();
  await page.getByRole('link', { name: 'Cerrar Sesión' }).click();
  await signIn(page, dentist.user, 'OtraClave2026!');
  await expect(page).toHaveURL(/\/(afiliados|mi-perfil|profesionales)/);
});
