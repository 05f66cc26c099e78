import { type Page, request as playwrightRequest, type Request } from '@playwright/test';
import { ALL_PERMISSIONS, PERMISSIONS, type PermissionName } from '@red-dental/contracts';
import { Backend } from '../support/api.ts';
import { clientHeaders, expect, storeSession, test } from '../support/fixtures.ts';
import { scanAndCapture } from '../support/scan-and-capture.ts';

/**
 * A role may hold any part of the catalogue (the Roles screen). Each
 * permission held alone, with BACKOFFICE_ACCESS so the account can sign in,
 * must lead to no page it cannot open: every page reached from `/`, the
 * sidebar, the header and the links of the pages found that way, opens
 * without 'No tiene acceso a esta sección', without an error, and without an
 * answer of the API refused on the way. The catalogue drives it, so a new
 * permission is covered as it arrives. MOBILE_ACCESS is the affiliates' (their
 * portal opens with a document, not with a role): held by a staff role it
 * opens nothing more than signing in does, which is what this checks of it.
 */

interface Session {
  token: string;
  user: unknown;
}

const { BACKOFFICE_ACCESS, PROFESSIONALS_UPDATE_PROFILE } = PERMISSIONS;

/** The same permission on a professional's own account: the one kind of account it opens Mi Perfil for. */
const OWN_PROFILE_CASE = `${PROFESSIONALS_UPDATE_PROFILE} (profesional)`;

/**
 * Made once per worker through the API: a role whose permissions each test
 * sets to what it is about (the tests of a worker run one after another), and
 * a professional holding PROFESSIONALS.UPDATE_PROFILE alone. The roles are
 * named by the worker's slot, so the run adds a few roles to Roles, not one
 * per permission, however often a worker starts again.
 */
let role: { id: number; name: string };
let professionalSession: Session;

/** Signs an account in from an address of its own, so the sign-ins of a run do not share one limit. */
async function signInFresh(user: string, pass: string): Promise<Session> {
  const context = await playwrightRequest.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: clientHeaders(),
  });
  try {
    return await new Backend(context).login(user, pass);
  } finally {
    await context.dispose();
  }
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const slot = test.info().parallelIndex;
  const context = await playwrightRequest.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: clientHeaders(),
  });
  const backend = new Backend(context);
  // Something in every list the pages lead through: an insurer with an affiliate, a professional.
  await backend.createAfiliado();
  const dentist = await backend.createProfesional();
  role = await backend.roleNamed(`PERMISOS E2E ${slot}`, [BACKOFFICE_ACCESS]);
  // The dentist's account holding that one permission (a role change ends its sessions: it signs in after).
  const ownProfile = await backend.roleNamed(`PERMISOS E2E PERFIL ${slot}`, [
    BACKOFFICE_ACCESS,
    PROFESSIONALS_UPDATE_PROFILE,
  ]);
  const { user } = await signInFresh(dentist.user, dentist.pass);
  await backend.setRolesOf((user as { id: number }).id, [ownProfile.id]);
  professionalSession = await signInFresh(dentist.user, dentist.pass);
  await context.dispose();
});

/**
 * The page signed in as a new account holding exactly `permissions` and
 * BACKOFFICE_ACCESS (an account of its own: the pages' hourly limits, such
 * as the download of one's data, count per account).
 */
async function signedInWith(page: Page, backend: Backend, permissions: readonly PermissionName[]) {
  await backend.setPermissionsOf(role, [...new Set([BACKOFFICE_ACCESS, ...permissions])]);
  const account = await backend.createUserWithRole(role.name);
  const session = await signInFresh(account.user, account.pass);
  await storeSession(page, session.token, { kind: 'staff', user: session.user });
}

/** A page's place in the app: its path with ids as `:n`, and the names of its query's parameters. */
function placeOf(url: URL): string {
  const keys = [...url.searchParams.keys()].sort();
  return `${url.pathname.replace(/\/\d+(?=\/|$)/g, '/:n')}${keys.length ? `?${keys.join('&')}` : ''}`;
}

/** The app's own pages this one links to (sign-out and files aside). */
async function linksOf(page: Page): Promise<URL[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .map((href) => new URL(href))
    .filter(
      (url) =>
        url.origin === origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/login'),
    );
}

/**
 * The page's requests to the API as they come and go, so a walk can tell when
 * the page it opened has asked for everything it shows.
 */
function apiTraffic(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (!isApi(request)) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (!isApi(request)) return;
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Waits until no request to the API has been in flight for a moment. */
    async quiet() {
      await expect
        .poll(() => inFlight === 0 && Date.now() - lastChange >= 250, { intervals: [50] })
        .toBe(true);
    },
  };
}

/**
 * Opens `url` and says what is wrong there: the refusal notice, a page or a
 * table that could not load, an answer of the API refused while it loaded.
 * The first page is loaded whole; the next ones are opened inside the app, as
 * a link does (the history moves and the router follows), which spares
 * starting the app again for each.
 */
async function problemsAt(
  page: Page,
  url: string,
  traffic: ReturnType<typeof apiTraffic>,
): Promise<string[]> {
  const refused: string[] = [];
  const onResponse = (response: { url(): string; status(): number }) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/api/') && response.status() >= 400) refused.push(`${response.status()} ${path}`);
  };
  page.on('response', onResponse);
  if (page.url().startsWith(new URL(url).origin) && !page.url().includes('/login'))
    await page.evaluate((href) => {
      window.history.pushState(null, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  else await page.goto(url);
  // `/` only leads on: the page is where it lands.
  if (new URL(url).pathname === '/') await page.waitForURL((at) => at.pathname !== '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Cargando...')).toHaveCount(0);
  await traffic.quiet();
  page.off('response', onResponse);
  const problems = refused.map((r) => `the API answered ${r}`);
  for (const text of ['No tiene acceso a esta sección', 'No se pudo cargar la página'])
    if (await page.getByText(text, { exact: true }).count()) problems.push(`it shows '${text}'`);
  if (await page.getByText(/^Error: /).count()) problems.push('a table shows an error');
  return problems.map((p) => `${new URL(page.url()).pathname}: ${p}`);
}

/** Every page reachable from `/` through links, each place once; what is wrong on each. */
async function walk(page: Page): Promise<{ visited: string[]; problems: string[] }> {
  const seen = new Set<string>();
  const queue = [new URL('/', page.url())];
  const problems: string[] = [];
  const visited: string[] = [];
  const traffic = apiTraffic(page);
  while (queue.length > 0) {
    const next = queue.shift()!;
    problems.push(...(await problemsAt(page, next.href, traffic)));
    // `/` leads on: where it landed is the place visited.
    for (const place of [placeOf(next), placeOf(new URL(page.url()))]) seen.add(place);
    visited.push(`${new URL(page.url()).pathname}${new URL(page.url()).search}`);
    for (const link of await linksOf(page))
      if (!seen.has(placeOf(link))) {
        seen.add(placeOf(link));
        queue.push(link);
      }
  }
  return { visited, problems };
}

for (const key of [...ALL_PERMISSIONS, OWN_PROFILE_CASE]) {
  test(`${key} alone leads to no page it cannot open`, async ({ page, backend }) => {
    if (key === OWN_PROFILE_CASE)
      await storeSession(page, professionalSession.token, { kind: 'staff', user: professionalSession.user });
    else await signedInWith(page, backend, [key as PermissionName]);
    const { visited, problems } = await walk(page);
    test.info().annotations.push({ type: 'visited', description: visited.join(', ') });
    expect(problems, `visited ${visited.join(', ')}`).toEqual([]);
    // Every account has its notifications and its own account, whatever its role.
    const paths = visited.map((v) => v.split('?')[0]);
    expect(paths).toEqual(expect.arrayContaining(['/notificaciones', '/mi-cuenta']));
  });
}

test('what a permission opens is what the screen shows: the registry, the read-only profile, loading alone', async ({
  page,
  backend,
}) => {
  await signedInWith(page, backend, ['AFILIADOS.GET', 'AFILIADOS.UPDATE']);
  await page.goto('/afiliados');
  const table = page.getByRole('table', { name: 'Afiliados' });
  await expect(table.getByRole('button', { name: /^Editar / }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Agregar Afiliado' })).toHaveCount(0);
  await scanAndCapture(page, 'permisos-afiliados-modifica');
  await table
    .getByRole('button', { name: /^Editar / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Editar Afiliado' })).toBeVisible();

  await signedInWith(page, backend, ['AFILIADOS.GET', 'AFILIADOS.DELETE']);
  await page.goto('/afiliados');
  await page
    .getByRole('table', { name: 'Afiliados' })
    .getByRole('button', { name: /^Ver a / })
    .first()
    .click();
  const record = page.getByRole('dialog');
  await expect(record.getByRole('button', { name: 'Dar de baja' })).toBeVisible();
  await expect(record.getByRole('button', { name: 'Guardar Afiliado' })).toHaveCount(0);
  await scanAndCapture(page, 'permisos-afiliado-estado');

  await signedInWith(page, backend, ['AFILIADOS.CREATE']);
  await page.goto('/afiliados');
  await expect(
    page.getByText('Con sus permisos puede cargar afiliados, pero no buscarlos en el padrón.'),
  ).toBeVisible();
  await scanAndCapture(page, 'permisos-afiliados-solo-carga');
  await page.goto('/tablero');
  await expect(page.getByRole('region', { name: 'Resumen de la red' }).getByRole('link')).toHaveCount(1);
  await scanAndCapture(page, 'permisos-tablero-solo-carga');

  await signedInWith(page, backend, ['PROFESSIONALS.GET']);
  await page.goto('/profesionales');
  await page
    .getByRole('link', { name: /^Ver a / })
    .first()
    .click();
  await expect(page.getByRole('link', { name: /Volver a Profesionales/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Teléfono' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await scanAndCapture(page, 'permisos-profesional-solo-lectura');
});
