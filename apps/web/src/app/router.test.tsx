import { MESSAGES } from '@red-dental/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AFFILIATE_PATHS, STAFF_PATHS } from '@/lib/paths.ts';
import { TOKEN_KEY } from '@/lib/session.ts';
import { mockApi } from '@/test/api-mock.ts';
import {
  makeAfiliadoToken,
  makeSessionUser,
  storeAffiliateSession,
  storeStaffSession,
} from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';
import { routes } from './router.tsx';

const pageTitle = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('public routes', () => {
  it.each([
    ['/login', 'Bienvenido'],
    ['/login-afiliado', 'Portal de afiliados'],
    ['/registro', 'Registro de profesionales'],
    ['/recover-password/abc', 'Nueva contraseña'],
  ])('%s opens without a session', async (path, heading) => {
    const { router } = renderApp(path);
    expect(await pageTitle(heading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2025 Red Dental');
  });

  it('sends any other path to /login', async () => {
    const { router } = renderApp('/no-existe/para-nada');
    expect(await pageTitle('Bienvenido')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

/** The paths of the screens under the layout whose module `layout` names, in the route map. */
function screenPaths(layout: string): string[] {
  const paths: string[] = [];
  const visit = (route: RouteObject) => {
    if (String(route.lazy).includes(layout))
      for (const child of route.children ?? []) if (child.path) paths.push(child.path);
    for (const child of route.children ?? []) visit(child);
  };
  routes.forEach(visit);
  return paths;
}

describe('the route map', () => {
  it('has the screens the sign-in pages may return to, each kind under its own layout', () => {
    expect(screenPaths('staff-layout').sort()).toEqual([...STAFF_PATHS].sort());
    expect(screenPaths('affiliate-layout').sort()).toEqual([...AFFILIATE_PATHS].sort());
  });
});

describe('protected routes', () => {
  it.each(['/afiliados', '/profesionales/edit/4', '/mi-perfil', '/usuarios?search=ana'])(
    '%s without a token goes to /login, remembering the page asked for',
    async (path) => {
      const { router } = renderApp(path);
      await pageTitle('Bienvenido');
      expect(router.state.location.pathname).toBe('/login');
      expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(path);
    },
  );

  it('/ without a token goes to the plain /login: nothing in particular was asked for', async () => {
    const { router } = renderApp('/');
    await pageTitle('Bienvenido');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it.each([
    '/perfil-afiliado',
    '/perfil-afiliado/mis-datos',
    '/cartilla',
    '/notificaciones-afiliado',
    '/notificaciones-afiliado?pageIndex=1&search=valores',
  ])('%s without a token goes to /login-afiliado, remembering the page asked for', async (path) => {
    const { router } = renderApp(path);
    await pageTitle('Portal de afiliados');
    expect(router.state.location.pathname).toBe('/login-afiliado');
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(path);
  });

  it('brings an affiliate back to the portal page asked for, with its query, once signed in', async () => {
    mockApi({
      'POST /api/afiliados/login': { token: 'dni-jwt' },
      'GET /api/afiliados/profile': { id: 1 },
      'GET /api/notificaciones/afiliados': { rows: [], rowCount: 0 },
    });
    const { router } = renderApp('/notificaciones-afiliado?search=valores');
    await userEvent.type(await screen.findByLabelText('DNI'), '30123456');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await pageTitle('Notificaciones')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notificaciones-afiliado');
    expect(router.state.location.search).toBe('?search=valores');
  });

  it('brings staff back to the screen asked for once signed in', async () => {
    const user = makeSessionUser('ADMINISTRATIVO');
    mockApi({
      'POST /api/user/login': { user, token: 'staff-token' },
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
    });
    const { router } = renderApp('/obra-social');
    await userEvent.type(await screen.findByLabelText('Email'), user.user);
    await userEvent.type(screen.getByLabelText('Contraseña'), 'RedDental2025!');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/obra-social'));
  });

  it('sends someone who signed out to the plain sign-in page', async () => {
    storeAffiliateSession();
    mockApi({ 'GET /api/afiliados/profile': { id: 1 }, 'POST /api/afiliados/logout': {} });
    const { router } = renderApp('/cartilla');
    await userEvent.click(await screen.findByRole('link', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-afiliado'));
    expect(router.state.location.search).toBe('');
  });

  it('/ goes to /afiliados', async () => {
    const user = makeSessionUser('ADMINISTRATIVO');
    storeStaffSession(user);
    mockApi({ 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} });
    const { router } = renderApp('/');
    expect(await pageTitle('Afiliados')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/afiliados');
    // The document title is set in an effect, which may run just after the heading is painted.
    await waitFor(() => expect(document.title).toBe('Afiliados | Red Dental'));
  });

  it('/ goes to the landing page of a role that does not open /afiliados', async () => {
    const user = makeSessionUser({ permissions: ['BACKOFFICE_ACCESS', 'OBRA_SOCIALES.GET'] });
    storeStaffSession(user);
    mockApi({ 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {}, 'GET /api/obra-sociales': [] });
    const { router } = renderApp('/');
    expect(await pageTitle('Obras Sociales')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/obra-social');
  });

  it('confirms a bare stored token with the API before showing the screen', async () => {
    const user = makeSessionUser('PRESTADOR', { professionalName: 'Dra. Ana Ruiz' });
    storeStaffSession(null);
    mockApi({ 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} });
    renderApp('/mi-perfil');
    expect(await pageTitle('Mi Perfil')).toBeInTheDocument();
    expect(screen.getByText('Dra. Ana Ruiz')).toBeInTheDocument();
  });

  it('starts each session with an empty cache: the next user never sees the last one', async () => {
    const first = makeSessionUser('PRESTADOR', { professionalName: 'Dra. Ana Ruiz' });
    const second = makeSessionUser('PRESTADOR', { professionalName: 'Dr. Bruno Paz' });
    let signedIn = first;
    storeStaffSession(first);
    const { requests } = mockApi({
      'GET /api/user/me': () => signedIn,
      'GET /api/notificaciones/unread': {},
      'POST /api/user/login': () => ({ user: second, token: 'second-token' }),
    });
    renderApp('/mi-perfil');
    expect(await screen.findByText('Dra. Ana Ruiz')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Cerrar Sesión' }));
    signedIn = second;
    await userEvent.type(await screen.findByLabelText('Email'), second.user);
    await userEvent.type(screen.getByLabelText('Contraseña'), 'RedDental2025!');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByText('Dr. Bruno Paz')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/user/me')).toHaveLength(2));
    expect(screen.queryByText('Dra. Ana Ruiz')).not.toBeInTheDocument();
  });

  it('sends a staff user whose token the API rejects to /login, saying why', async () => {
    storeStaffSession(makeSessionUser('ADMINISTRADOR'));
    mockApi({ 'GET /api/user/me': [401, { error: MESSAGES.SESSION_EXPIRED, code: 'NO_AUTENTICADO' }] });
    const { router } = renderApp('/profesionales');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(MESSAGES.SESSION_EXPIRED)).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('sends an affiliate whose token the API rejects to /login-afiliado, to come back to the page', async () => {
    storeAffiliateSession();
    mockApi({
      'GET /api/afiliados/profile': [401, { error: MESSAGES.SESSION_EXPIRED, code: 'NO_AUTENTICADO' }],
    });
    const { router } = renderApp('/cartilla');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-afiliado'));
    expect(await pageTitle('Portal de afiliados')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.SESSION_EXPIRED)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirectTo=%2Fcartilla');
  });

  it("reads the profile again when the affiliate's token runs out, and gives way to /login-afiliado", async () => {
    const exp = Math.ceil(Date.now() / 1000) + 1;
    storeAffiliateSession(makeAfiliadoToken({ exp }));
    const { requests } = mockApi({
      'GET /api/afiliados/profile': () =>
        Date.now() < exp * 1000
          ? { id: 1 }
          : [401, { error: MESSAGES.SESSION_EXPIRED, code: 'NO_AUTENTICADO' }],
    });
    const { router } = renderApp('/perfil-afiliado');
    expect(await pageTitle('Mi Perfil')).toBeInTheDocument();
    // Nothing is pressed: the screen asks again once the token's time is up.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-afiliado'), { timeout: 6000 });
    expect(await screen.findByText(MESSAGES.SESSION_EXPIRED)).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/afiliados/profile').length).toBeGreaterThan(1);
  });

  it('keeps an affiliate out of the back office', async () => {
    storeAffiliateSession();
    mockApi({ 'GET /api/afiliados/profile': { id: 1 } });
    const { router } = renderApp('/afiliados');
    expect(await pageTitle('Mi Perfil')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/perfil-afiliado');
  });

  it('keeps staff out of the affiliate portal, sending them to their landing page', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    mockApi({ 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} });
    const { router } = renderApp('/cartilla');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mi-perfil'));
  });

  it('shows a notice, not a broken screen, where the permissions fall short', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    mockApi({ 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} });
    renderApp('/obra-social');
    expect(
      await screen.findByRole('heading', { name: 'No tiene acceso a esta sección' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/mi-perfil');
  });

  it('keeps the send form from a professional', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    mockApi({ 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} });
    renderApp('/notificaciones/crear-notificacion');
    expect(
      await screen.findByRole('heading', { name: 'No tiene acceso a esta sección' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Crear Notificacion' })).not.toBeInTheDocument();
  });

  it('shows the send form inside the final frame', async () => {
    const user = makeSessionUser('ADMINISTRADOR');
    storeStaffSession(user);
    mockApi({ 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} });
    renderApp('/notificaciones/crear-notificacion');
    expect(await pageTitle('Nueva notificación')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Crear Notificacion' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menú principal' })).toBeInTheDocument();
  });
});

describe('unknown paths with a session', () => {
  it.each([
    ['ADMINISTRADOR', '/profesionales'],
    ['PRESTADOR', '/mi-perfil'],
  ] as const)('take a signed-in %s to their landing page, %s', async (role, landing) => {
    const user = makeSessionUser(role);
    storeStaffSession(user);
    mockApi({ 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} });
    const { router } = renderApp('/afiliadoss');
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
  });

  it('take a signed-in affiliate to their profile', async () => {
    storeAffiliateSession();
    mockApi({ 'GET /api/afiliados/profile': { id: 1 } });
    const { router } = renderApp('/perfil-afiliad');
    expect(await pageTitle('Mi Perfil')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/perfil-afiliado');
  });
});
