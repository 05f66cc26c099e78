import { uniqueName } from '@red-dental/testing';
import { expect, sidebarEntries, signIn, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

test('an administrator lands on /profesionales with the full sidebar, and logs out', async ({
  page,
  backend,
}) => {
  // An account of its own: logging out ends every session of the account, and the
  // seeded administrator's session arranges the other tests' data.
  const admin = await backend.createUser('ADMINISTRADOR');
  await signIn(page, admin.user, admin.pass);
  await expect(page).toHaveURL(/\/profesionales$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profesionales' })).toBeVisible();
  expect(await sidebarEntries(page)).toEqual([
    'Profesionales',
    'Afiliados',
    'Obras Sociales',
    'Notificaciones',
    'Auditoría odontológica',
    'Cierre del mes',
    'Tablero',
    'Catálogos',
    'Nomenclador',
    'Convenios',
    'Planes',
    'Usuarios',
    'Roles',
    'Auditoría',
    'Cerrar Sesión',
  ]);
  await expect(page.getByRole('link', { name: 'Profesionales' })).toHaveAttribute('aria-current', 'page');

  const token = await page.evaluate(() => localStorage.getItem('DC_TOKEN'));
  await page.getByRole('link', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('DC_TOKEN'))).toBeNull();
  await page.goto('/afiliados');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fafiliados$/);
  // The token is dead on the server too, not just forgotten by the browser.
  await expect
    .poll(async () =>
      (await page.request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);
});

test('administrative staff land on /profesionales and see no Mi Perfil', async ({ page, backend }) => {
  const staff = await backend.createUser('ADMINISTRATIVO');
  await signIn(page, staff.user, staff.pass);
  await expect(page).toHaveURL(/\/profesionales$/);
  expect(await sidebarEntries(page)).toEqual([
    'Profesionales',
    'Afiliados',
    'Obras Sociales',
    'Notificaciones',
    'Tablero',
    'Catálogos',
    'Nomenclador',
    'Convenios',
    'Planes',
    'Cerrar Sesión',
  ]);
});

test('a professional lands on /mi-perfil with its own entries, icons only on a phone', async ({
  page,
  backend,
}) => {
  const prestador = await backend.createProfesional();
  await signIn(page, prestador.user, prestador.pass);
  await expect(page).toHaveURL(/\/mi-perfil$/);
  // Just approved, the profile still lacks what the directory needs.
  await expect(page.getByRole('heading', { level: 1, name: 'Completar Perfil' })).toBeVisible();
  expect(await sidebarEntries(page)).toEqual([
    'Mi Perfil',
    'Afiliados',
    'Notificaciones',
    'Atender',
    'Mis prestaciones',
    'Autorizaciones',
    'Mis liquidaciones',
    'Nomenclador',
    'Convenios',
    'Planes',
    'Cerrar Sesión',
  ]);

  // A screen the role may not use shows a notice inside the frame.
  await page.goto('/obra-social');
  await expect(page.getByRole('heading', { name: 'No tiene acceso a esta sección' })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  const sidebar = page.getByRole('navigation', { name: 'Menú principal' });
  const box = await sidebar.boundingBox();
  expect(box?.width).toBeLessThan(90);
  await expect(sidebar.getByRole('link', { name: 'Afiliados' })).toBeVisible();

  await sidebar.getByRole('link', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a sign-in sent while the page is still loading is sent once the page works, not lost', async ({
  page,
  backend,
}) => {
  const { documento } = await backend.createAfiliado();
  // The page is drawn and its loader has run, but the app's entry is late to arrive.
  let arrive!: () => void;
  const late = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await late;
    await route.continue();
  });
  await page.goto('/login-afiliado', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => 'redDentalAppStarted' in window);
  await page.getByLabel('DNI').fill(documento);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  // Sent as a plain form it would have left the page; it waits instead.
  await expect(page).toHaveURL(/\/login-afiliado$/);
  await expect(page.getByLabel('DNI')).toHaveValue(documento);
  arrive();
  await expect(page).toHaveURL(/\/perfil-afiliado$/);
});

test('an affiliate lands on /perfil-afiliado, uses the folded menu on a phone, and logs out', async ({
  page,
  backend,
}) => {
  const { documento } = await backend.createAfiliado();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login-afiliado');
  await page.getByLabel('DNI').fill(documento);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/perfil-afiliado$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'Menú del afiliado' });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(menu.getByRole('link')).toHaveText([
    'Mi Perfil',
    'Cartilla',
    'Notificaciones',
    'Mis prestaciones',
    'Mi token',
    'Cerrar Sesión',
  ]);
  await menu.getByRole('link', { name: 'Cartilla' }).click();
  await expect(page).toHaveURL(/\/cartilla$/);
  await expect(menu).toBeHidden();

  // The back office stays closed to an affiliate.
  await page.goto('/afiliados');
  await expect(page).toHaveURL(/\/perfil-afiliado$/);

  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await menu.getByRole('link', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login-afiliado$/);
});

test('a token the API no longer accepts sends the user to the login page', async ({ page, consoleWatch }) => {
  consoleWatch.allow(/status of 401/);
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('DC_TOKEN', 'un-token-vencido');
    localStorage.setItem('DC_SESSION', JSON.stringify({ kind: 'staff', user: null }));
  });
  await page.goto('/profesionales');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofesionales$/);
  await expect(page.getByText('Su sesión expiró o no es válida. Inicie sesión nuevamente')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('DC_TOKEN'))).toBeNull();
});

test("a signed-out affiliate following the mail's link signs in with the document and is back on the notifications asked for", async ({
  page,
  backend,
}) => {
  const { documento, obraSocialId } = await backend.createAfiliado();
  const title = uniqueName('Aviso del enlace');
  await backend.sendToAfiliados(obraSocialId, title);

  // The mail's link, with a search kept in the address as the list keeps it.
  await page.goto(`/notificaciones-afiliado?search=${encodeURIComponent(title)}`);
  await expect(page).toHaveURL(/\/login-afiliado\?redirectTo=%2Fnotificaciones-afiliado%3Fsearch%3D/);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal de afiliados' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await scanAndCapture(page, 'login-afiliado-desde-el-portal');

  await page.getByLabel('DNI').fill(documento);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/notificaciones-afiliado\?search=/);
  expect(new URL(page.url()).searchParams.get('search')).toBe(title);
  await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
});

test("the installed app's start page, signed out, opens the affiliates' sign-in and then Mi Perfil", async ({
  page,
  backend,
}) => {
  const { documento } = await backend.createAfiliado();
  await page.goto('/perfil-afiliado');
  await expect(page).toHaveURL(/\/login-afiliado\?redirectTo=%2Fperfil-afiliado$/);
  await page.getByLabel('DNI').fill(documento);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/perfil-afiliado$/);
  await expect(page.getByLabel('Documento')).toHaveValue(documento);
});

test('a signed-out visit to a back-office screen opens the staff sign-in and comes back to the screen', async ({
  page,
  backend,
}) => {
  const dentist = await backend.createProfesional();
  // A dentist's notification mail leads to /notificaciones.
  await page.goto('/notificaciones');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fnotificaciones$/);
  await page.getByLabel('Email').fill(dentist.user);
  await page.getByLabel('Contraseña', { exact: true }).fill(dentist.pass);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/notificaciones$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
});

test('a sign-in page follows only a screen of its own kind of this app', async ({ page, backend }) => {
  const { documento } = await backend.createAfiliado();
  await page.goto(
    `/login-afiliado?redirectTo=${encodeURIComponent('//otro.example/notificaciones-afiliado')}`,
  );
  await page.getByLabel('DNI').fill(documento);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/perfil-afiliado$/);
});
