import type { Browser, Page } from '@playwright/test';
import { uniqueDocumento, uniqueEmail, uniqueName } from '@red-dental/testing';
import { ADMIN } from '../support/env.ts';
import { expect, otherClient, signIn, test } from '../support/fixtures.ts';
import { waitForMailLink } from '../support/mail.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

/** A page of its own, as another person on another computer would have. */
async function personPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext(otherClient(baseURL));
  return context.newPage();
}

/**
 * A new network's first day through the screens alone (the server runs without
 * demo data): the administrator invites a colleague, who imports the affiliates;
 * the administrator adds a specialty and a zone and approves a dentist, who
 * completes the profile; an affiliate finds the dentist in the cartilla under it.
 */
test("a network's first day, through the screens alone", async ({ page, browser, backend, baseURL }) => {
  test.setTimeout(240_000);
  const colega = { nombre: uniqueName('Marta Quiroga'), email: uniqueEmail('administrativa') };
  const obraSocial = uniqueName('Obra Social Día Uno');
  const documento = uniqueDocumento();
  const especialidad = uniqueName('Odontología del sueño');
  const zona = {
    nombre: uniqueName('Zona Sur'),
    numero: String(200_000 + Math.floor(Math.random() * 700_000)),
  };

  // The first administrator invites a colleague as ADMINISTRATIVO.
  await signIn(page, ADMIN.user, ADMIN.pass);
  await page.getByRole('link', { name: 'Usuarios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  await page.getByRole('button', { name: 'Invitar' }).click();
  const invitar = page.getByRole('dialog', { name: 'Invitar a una persona del personal' });
  await invitar.getByLabel('Nombre').fill(colega.nombre);
  await invitar.getByLabel('Email').fill(colega.email);
  await invitar.getByRole('checkbox', { name: 'ADMINISTRATIVO' }).check();
  await scanAndCapture(page, 'usuarios-invitar');
  await invitar.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Se envió la invitación a ${colega.email}` }),
  ).toBeVisible();
  await page.getByLabel('Buscar por nombre o email').fill(colega.email);
  await page.getByLabel('Buscar por nombre o email').press('Enter');
  await expect(page.getByRole('row').filter({ hasText: colega.nombre })).toContainText('Invitado');
  await scanAndCapture(page, 'usuarios');

  // The colleague opens the mailed link, chooses a password, signs in and imports the insurer's affiliates.
  const link = await waitForMailLink(colega.email, /https?:\/\/\S+\/invitacion\/\S+/);
  const colleague = await personPage(browser, baseURL);
  await colleague.goto(link);
  await expect(colleague.getByRole('heading', { name: `Hola, ${colega.nombre}` })).toBeVisible();
  await colleague.getByLabel('Contraseña', { exact: true }).fill('Padron-Nuevo-2026');
  await colleague.getByLabel('Confirmar Contraseña').fill('Padron-Nuevo-2026');
  await scanAndCapture(colleague, 'invitacion');
  await colleague.getByRole('button', { name: 'Activar mi cuenta' }).click();
  await colleague.getByRole('link', { name: 'Ir al inicio de sesión' }).click();
  await signIn(colleague, colega.email, 'Padron-Nuevo-2026');
  await expect(colleague).toHaveURL(/\/profesionales$/);
  await colleague.goto('/afiliados/import-csv');
  await colleague.getByRole('button', { name: 'Agregar Obra Social' }).click();
  const alta = colleague.getByRole('dialog', { name: 'Agregar Obra Social' });
  await alta.getByLabel('Nombre').fill(obraSocial);
  await alta.getByLabel('Teléfono 1', { exact: true }).fill('0810-555-0101');
  await alta.getByLabel('Mail 1', { exact: true }).fill('afiliaciones@example.com');
  await alta.getByRole('button', { name: 'Guardar Obra Social' }).click();
  await expect(alta).toBeHidden();
  await colleague.getByLabel('Archivo .csv', { exact: true }).setInputFiles({
    name: 'padron.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Nombre Completo;DNI;Fecha de Nacimiento\r\nElena Paz;${documento};12/05/1988\r\n`,
      'utf8',
    ),
  });
  await colleague.getByRole('button', { name: 'Cargar Afiliados' }).click();
  await expect(colleague.getByRole('dialog', { name: 'Importación completada' })).toContainText(
    'Se han cargado 1 afiliados',
  );
  // The insurer's line changes: the colleague corrects it from the insurer list.
  await colleague.goto('/obra-social');
  await colleague.getByLabel('Buscar obra social').fill(obraSocial);
  await colleague.getByRole('button', { name: `Editar ${obraSocial}` }).click();
  const edicion = colleague.getByRole('dialog', { name: 'Editar Obra Social' });
  await expect(edicion.getByLabel('Teléfono 1', { exact: true })).toHaveValue('0810-555-0101');
  await edicion.getByRole('button', { name: 'Agregar otro teléfono' }).click();
  await edicion.getByLabel('Teléfono 2', { exact: true }).fill('0810-555-0202');
  await scanAndCapture(colleague, 'obra-social-editar');
  await edicion.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(
    colleague.getByRole('status').filter({ hasText: `Se guardaron los cambios de ${obraSocial}` }),
  ).toBeVisible();
  await expect(colleague.getByRole('table', { name: 'Obras sociales' })).toContainText('0810-555-0202');
  // The colleague picks a password of her own from Mi cuenta and signs in with it.
  await colleague.getByRole('link', { name: /Mi cuenta/ }).click();
  await colleague.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  const cambio = colleague.getByRole('dialog', { name: 'Cambiar Contraseña' });
  await cambio.getByLabel('Contraseña actual').fill('Padron-Nuevo-2026');
  await cambio.getByLabel('Contraseña', { exact: true }).fill('Padron-Propio-2027');
  await cambio.getByLabel('Confirmar Contraseña').fill('Padron-Propio-2027');
  await scanAndCapture(colleague, 'mi-cuenta-contrasena');
  await cambio.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    colleague.getByRole('status').filter({ hasText: 'Contraseña actualizada correctamente' }),
  ).toBeVisible();
  await colleague
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Cerrar Sesión' })
    .click();
  await signIn(colleague, colega.email, 'Padron-Propio-2027');
  await expect(colleague).toHaveURL(/\/profesionales$/);
  await colleague.context().close();

  // The administrator adds a specialty and a zone.
  await page.getByRole('link', { name: 'Catálogos' }).click();
  await page.getByRole('button', { name: 'Nueva especialidad' }).click();
  const nuevaEspecialidad = page.getByRole('dialog', { name: 'Nueva especialidad' });
  await nuevaEspecialidad.getByLabel('Nombre').fill(especialidad);
  await nuevaEspecialidad.getByRole('button', { name: 'Crear especialidad' }).click();
  await expect(nuevaEspecialidad).toBeHidden();
  await page.getByRole('button', { name: 'Nueva zona' }).click();
  const nuevaZona = page.getByRole('dialog', { name: 'Nueva zona' });
  await nuevaZona.getByLabel('Nombre').fill(zona.nombre);
  await nuevaZona.getByLabel('Número').fill(zona.numero);
  await nuevaZona.getByRole('button', { name: 'Crear zona' }).click();
  await expect(nuevaZona).toBeHidden();

  // A dentist signed up and confirmed the address; the administrator approves the request.
  const dentist = await backend.createSolicitud();
  await page.goto('/profesionales/solicitudes');
  await page.getByLabel('Filas por página').selectOption('50');
  await page.getByRole('button', { name: `Aceptar la solicitud de ${dentist.nombre}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Se aceptó la solicitud de ${dentist.nombre}` }),
  ).toBeVisible();

  // The dentist completes the profile with the new specialty.
  const office = await personPage(browser, baseURL);
  await signIn(office, dentist.user, dentist.pass);
  // A dentist lands on the profile, to complete it.
  await expect(office).toHaveURL(/\/mi-perfil$/);
  await office.getByRole('button', { name: 'Editar' }).click();
  await office.getByLabel('Teléfono').fill('0221 421-0000');
  await office.getByLabel('Razón Social').fill('Consultorio Día Uno');
  // The geocoder does not know the street: the field says so, and the pin goes on the map by hand.
  await office.getByRole('combobox', { name: 'Dirección' }).fill('Calle Inexistente 1234');
  await expect(
    office.getByText('No se encontró esa dirección. Puede marcar el consultorio haciendo clic en el mapa.'),
  ).toBeVisible();
  // The locality from the country's list takes the map there; the pin is then put by a click.
  await office.getByLabel('Localidad').fill('La Plata');
  await office.getByRole('option', { name: 'La Plata, Buenos Aires' }).click();
  const mapa = office.getByRole('region', { name: 'Ubicación del consultorio en el mapa' });
  await expect(
    mapa.getByRole('button', { name: 'Marcar el consultorio en el centro del mapa' }),
  ).toBeVisible();
  await scanAndCapture(office, 'perfil-sin-direccion');
  await mapa.locator('.leaflet-container').click({ position: { x: 140, y: 90 } });
  await expect(mapa.locator('.leaflet-marker-icon')).toBeVisible();
  await expect(mapa.getByRole('button', { name: 'Marcar el consultorio en el centro del mapa' })).toHaveCount(
    0,
  );
  await office.getByRole('checkbox', { name: especialidad }).check();
  await office.getByRole('switch', { name: 'Miércoles' }).check();
  await office.getByRole('button', { name: 'Completar Perfil' }).click();
  await expect(
    office.getByRole('dialog', { name: 'Perfil completado correctamente, puede seguir tranquilo' }),
  ).toBeVisible();
  const placed = await backend.ownProfile(dentist.user, dentist.pass);
  expect(placed).toMatchObject({
    direccion: 'Calle Inexistente 1234',
    localidad: 'La Plata',
    ubicacionOrigen: 'manual',
  });
  expect(Number(placed.lat)).toBeLessThan(-30);
  expect(Number(placed.long)).toBeLessThan(-55);
  await office.context().close();

  // The network says which insurer the dentist accepts, and the zone.
  await page.goto('/profesionales');
  await page.getByLabel('Buscar profesional').fill(dentist.nombre);
  await page.getByLabel('Buscar profesional').press('Enter');
  await page.getByRole('link', { name: `Editar a ${dentist.nombre}` }).click();
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('checkbox', { name: obraSocial }).check();
  await page.getByLabel('Zona').selectOption({ label: `${zona.numero} - ${zona.nombre}` });
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await page
    .getByRole('dialog', { name: '¡Datos guardados exitosamente!' })
    .getByRole('button', { name: 'Aceptar' })
    .click();

  // The imported affiliate finds the dentist in the cartilla under the specialty.
  const affiliate = await personPage(browser, baseURL);
  await affiliate.goto('/login-afiliado');
  await affiliate.getByLabel('DNI').fill(documento);
  await affiliate.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(affiliate).toHaveURL(/\/perfil-afiliado$/);
  await affiliate.goto('/cartilla');
  await affiliate.getByLabel('Especialidad').selectOption(especialidad);
  await expect(affiliate.getByRole('article', { name: dentist.nombre })).toContainText(especialidad);
  await affiliate.context().close();
});
