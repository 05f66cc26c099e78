import type { Page } from '@playwright/test';
import type { ReglaValues } from '@red-dental/contracts';
import { ADMIN } from '../support/env.ts';
import { expect, otherClient, signIn, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';
import { tokenEndingAt } from '../support/session-token.ts';

// The phone computes the code offline: the service worker must keep the portal's screens.
test.use({ serviceWorkers: 'allow' });

// Codes of this suite's own, so that no other suite's import of the code table meets them.
const CODIGOS = [
  'codigo;capitulo;nombre;area;caras_min;caras_max;denticion;unidades',
  '01.14;01;Consulta con token;boca;;;ambas;1',
].join('\r\n');
const ARANCELES = ['codigo;importe;vigente_desde;vigente_hasta', '01.14;15.000,00;01/01/2026;'].join('\r\n');
const REGLAS: Partial<ReglaValues>[] = [{ objetivo: '01.14' }];

/** The code the phone shows, digit by digit as a screen reader reads it ('Token: 4 8 2 9 1 3'). */
async function codigoEnPantalla(phone: Page): Promise<string> {
  const said = await phone.getByText(/^Token: (\d ){5}\d$/).textContent();
  return said!.replace(/\D/g, '');
}

test('an affiliate enrols a phone with the code staff printed, shows the token offline, a dentist validates with it, and signing out leaves nothing', async ({
  page,
  browser,
  baseURL,
  backend,
  consoleWatch,
}) => {
  // Offline, the phone's browser reports each request it could not make.
  consoleWatch.allow(/ERR_INTERNET_DISCONNECTED/);
  const red = await backend.createRedParaAtender(CODIGOS, ARANCELES, REGLAS);
  const dentista = await backend.createCartillaProfesional(red.obraSocialId, {});

  // Staff print an activation code from the affiliate's record (the affiliate has no proven e-mail).
  await signIn(page, ADMIN.user, ADMIN.pass);
  await expect(page).toHaveURL(/\/profesionales$/);
  await page.getByRole('link', { name: 'Afiliados', exact: true }).click();
  await page.getByLabel('Buscar por documento o nombre').fill(red.documento);
  await page.getByLabel('Buscar por documento o nombre').press('Enter');
  await page
    .getByRole('row')
    .filter({ hasText: red.documento })
    .getByRole('button', { name: `Editar ${red.afiliadoNombre}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Editar Afiliado' });
  const seccion = edit.getByRole('region', { name: 'Token del afiliado' });
  await expect(seccion).toContainText('No tiene el token activo en ningún teléfono.');
  await seccion.getByRole('button', { name: 'Generar código de activación' }).click();
  const impreso = seccion.getByText(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  await expect(impreso).toBeVisible();
  const codigoImpreso = (await impreso.textContent())!;
  await expect(seccion.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await scanAndCapture(page, 'token-codigo-impreso');

  // On a 375 px phone the affiliate signs in and enrols it with the printed code.
  const phoneContext = await browser.newContext({
    ...otherClient(baseURL),
    viewport: { width: 375, height: 812 },
  });
  const phone = await phoneContext.newPage();
  await phone.goto('/login-afiliado');
  await phone.getByLabel('DNI').fill(red.documento);
  await phone.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(phone).toHaveURL(/\/perfil-afiliado$/);
  await phone.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await phone.getByRole('button', { name: 'Abrir menú' }).click();
  await phone.getByRole('link', { name: 'Mi token' }).click();
  await expect(phone.getByRole('heading', { name: 'Activar el token en este teléfono' })).toBeVisible();
  await phone.getByLabel('Código de activación impreso').fill('AAAA-BBBB-CCCC');
  await phone.getByRole('button', { name: 'Activar' }).click();
  await expect(phone.getByText('El enlace o el código de activación no es válido')).toBeVisible();
  await phone.getByLabel('Código de activación impreso').fill(codigoImpreso.toLowerCase());
  await phone.getByRole('button', { name: 'Activar' }).click();
  await expect(phone.getByRole('heading', { name: 'Su token' })).toBeVisible();
  await expect(phone.getByText(/^Cambia en \d+ s$/)).toBeVisible();
  await scanAndCapture(phone, 'mi-token', async () => {
    await expect(phone.getByRole('heading', { name: 'Su token' })).toBeVisible();
  });
  await phone.setViewportSize({ width: 375, height: 812 });

  // Staff see the phone in the record.
  await page.reload();
  await page
    .getByRole('row')
    .filter({ hasText: red.documento })
    .getByRole('button', { name: `Editar ${red.afiliadoNombre}` })
    .click();
  await expect(page.getByRole('region', { name: 'Token del afiliado' })).toContainText(
    /Activo en .+ desde el \d\d\/\d\d\/\d{4} \(con un código impreso\)/,
  );

  // Days later, in the waiting room without signal, the portal's session has run out: the phone still
  // shows the code. (The session is made to end in seconds: a test cannot wait two hours.)
  const session = await phone.evaluate(() => localStorage.getItem('DC_TOKEN'));
  await phone.evaluate(
    (t) => localStorage.setItem('DC_TOKEN', t),
    tokenEndingAt(session!, Date.now() + 8000),
  );
  await phone.goto('/perfil-afiliado');
  await expect(phone.getByLabel('Documento')).toHaveValue(red.documento);
  await phone.goto('/mi-token');
  await phoneContext.setOffline(true);
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Su token' })).toBeVisible();
  await expect
    .poll(() => phone.evaluate(() => localStorage.getItem('DC_TOKEN')), { timeout: 20_000 })
    .toBeNull();
  await expect(phone.getByRole('heading', { name: 'Su token' })).toBeVisible();
  const token = await codigoEnPantalla(phone);

  // At the chair the dentist types it and validates.
  const chair = await (await browser.newContext(otherClient(baseURL))).newPage();
  await signIn(chair, dentista.user, dentista.pass);
  await chair.getByRole('link', { name: 'Atender' }).click();
  await chair.getByLabel('Documento del paciente').fill(red.documento);
  await chair.getByRole('button', { name: 'Buscar' }).click();
  await chair.getByRole('combobox', { name: 'Código o nombre de la prestación' }).fill('01.14');
  await chair.getByRole('option', { name: /01\.14/ }).click();
  await chair.getByRole('button', { name: 'Agregar prestación' }).click();
  await chair.getByLabel('Token del afiliado').fill(`${token.slice(0, 3)} ${token.slice(3)}`);
  await expect(chair.getByRole('button', { name: 'Validar' })).toBeEnabled();
  await chair.getByRole('button', { name: 'Validar' }).click();
  await expect(chair.getByRole('heading', { name: 'Atención validada' })).toBeFocused();

  // Back online, the affiliate signs in again (the sign-in page offers the token meanwhile), and reads
  // the visit in 'Mis prestaciones', with who recorded it, and on the odontogram; the list stays
  // readable without signal.
  await phoneContext.setOffline(false);
  await phone.goto('/login-afiliado');
  await expect(phone.getByRole('link', { name: 'Mostrar mi token' })).toBeVisible();
  await phone.getByLabel('DNI').fill(red.documento);
  await phone.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(phone).toHaveURL(/\/perfil-afiliado$/);
  await phone.goto('/prestaciones-afiliado');
  const lista = phone.getByRole('region', { name: 'Prestaciones registradas a su nombre' });
  await expect(lista.getByRole('listitem')).toHaveCount(1);
  await expect(lista.getByRole('listitem')).toContainText(`Consulta con token (01.14)`);
  await expect(lista.getByRole('listitem')).toContainText(`boca completa · ${dentista.nombre}`);
  await scanAndCapture(phone, 'prestaciones-afiliado', async () => {
    await expect(lista.getByRole('listitem')).toHaveCount(1);
  });
  await phone.setViewportSize({ width: 375, height: 812 });
  // The portal asks whether the visit happened; this affiliate says it did not.
  const pregunta = phone.getByRole('listitem', { name: new RegExp(`^¿Lo atendió ${dentista.nombre} el `) });
  await pregunta.getByRole('button', { name: 'No me atendieron' }).click();
  await expect(phone.getByRole('heading', { name: '¿Lo atendieron?' })).toBeHidden();

  // Staff find it among the observed answers, with the visit, and mark it reviewed with what they found.
  await page.goto('/afiliados');
  await page.getByRole('link', { name: /^Confirmaciones observadas/ }).click();
  await expect(page).toHaveURL(/\/afiliados\/confirmaciones$/);
  const observada = page.getByRole('row').filter({ hasText: red.afiliadoNombre });
  await expect(observada).toContainText('Dice que no lo atendieron');
  await expect(observada).toContainText(dentista.nombre);
  await expect(observada).toContainText('01.14 boca completa');
  await scanAndCapture(page, 'confirmaciones-observadas', async () => {
    await expect(observada).toBeVisible();
  });
  await observada.getByRole('button', { name: /^Revisar la respuesta de / }).click();
  const revision = page.getByRole('dialog', { name: 'Marcar revisada' });
  await revision
    .getByLabel('Qué se encontró (la llamada al afiliado, la respuesta del profesional)')
    .fill('Llamamos al afiliado: confirma que no fue atendido. Se avisó al auditor.');
  await revision.getByRole('button', { name: 'Marcar revisada' }).click();
  await expect(page.getByText(`Se marcó revisada la respuesta de ${red.afiliadoNombre}`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: red.afiliadoNombre })).toHaveCount(0);
  await page.getByLabel('Estado').selectOption('revisada');
  await expect(page.getByRole('row').filter({ hasText: red.afiliadoNombre })).toContainText(
    'Se avisó al auditor.',
  );
  await page.goto(`/afiliados?search=${red.documento}`);
  await phoneContext.setOffline(true);
  await phone.reload();
  await expect(phone.getByText(/^Sin conexión — prestaciones del /)).toBeVisible();
  await expect(lista.getByRole('listitem')).toContainText(dentista.nombre);

  // Back online, the affiliate signs out: nothing of the token or the lines stays on the phone.
  await phoneContext.setOffline(false);
  await phone.goto('/perfil-afiliado');
  await phone.getByRole('button', { name: 'Abrir menú' }).click();
  await phone.getByRole('link', { name: 'Cerrar Sesión' }).click();
  await expect(phone).toHaveURL(/\/login-afiliado$/);
  await expect
    .poll(() => phone.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k))))
    .toEqual([]);
  // What the worker kept of the affiliate (every cache but the app's own files) is gone too.
  await expect
    .poll(() =>
      phone.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          if (!name.startsWith('workbox-precache'))
            for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        return urls;
      }),
    )
    .toEqual([]);
  await page.reload();
  await page
    .getByRole('row')
    .filter({ hasText: red.documento })
    .getByRole('button', { name: `Editar ${red.afiliadoNombre}` })
    .click();
  await expect(page.getByRole('region', { name: 'Token del afiliado' })).toContainText(
    'No tiene el token activo en ningún teléfono.',
  );
  await phoneContext.close();
});
