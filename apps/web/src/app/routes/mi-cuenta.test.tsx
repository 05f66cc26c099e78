import { MESSAGES } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { setScreenWidth } from '@/test/media-query.ts';
import { renderApp } from '@/test/render-app.tsx';

const SESIONES = [
  {
    id: 'aaa',
    dispositivo: 'Chrome en Windows',
    address: '190.2.3.4',
    createdAt: '2026-11-25T12:00:00.000Z',
    lastUsedAt: '2026-11-25T13:05:00.000Z',
    actual: true,
  },
  {
    id: 'bbb',
    dispositivo: 'Safari en iOS',
    address: '181.5.6.7',
    createdAt: '2026-11-24T20:00:00.000Z',
    lastUsedAt: '2026-11-24T21:30:00.000Z',
    actual: false,
  },
];

function signedIn() {
  const user = makeSessionUser('ADMINISTRATIVO');
  storeStaffSession(user);
  return {
    'GET /api/user/me': user,
    'GET /api/notificaciones/unread': {},
    'GET /api/user/sesiones': SESIONES,
  };
}

describe('/mi-cuenta', () => {
  afterEach(() => vi.restoreAllMocks());

  it('on a phone shows each session as a card: the device, where and when, and its button', async () => {
    setScreenWidth('small');
    mockApi(signedIn());
    renderApp('/mi-cuenta');
    const table = await screen.findByRole('table', { name: 'Sesiones abiertas' });
    const [card, ...others] = within(
      (await within(table).findByText('Safari en iOS')).closest('tr')!,
    ).getAllByRole('cell');
    expect(others).toHaveLength(0);
    expect(card).toHaveTextContent('Dirección IP181.5.6.7');
    expect(card).toHaveTextContent('Último uso24/11/2026 18:30');
    expect(
      within(card!).getByRole('button', { name: 'Cerrar la sesión de Safari en iOS (181.5.6.7)' }),
    ).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('lists the open sessions with device, address and times in Buenos Aires', async () => {
    mockApi(signedIn());
    renderApp('/mi-cuenta');
    const table = await screen.findByRole('table', { name: 'Sesiones abiertas' });
    const phone = (await within(table).findByText('Safari en iOS')).closest('tr')!;
    expect(phone).toHaveTextContent('181.5.6.7');
    expect(phone).toHaveTextContent('24/11/2026 18:30');
    expect(within(table).getByText('Chrome en Windows').closest('tr')!).toHaveTextContent('Este dispositivo');
  });

  it('closes another session and the others at once', async () => {
    const { requests } = mockApi({
      ...signedIn(),
      'DELETE /api/user/sesiones/bbb': [204],
      'DELETE /api/user/sesiones': { message: MESSAGES.acceso.OTHER_SESSIONS_CLOSED(1) },
    });
    renderApp('/mi-cuenta');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cerrar la sesión de Safari en iOS (181.5.6.7)' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.acceso.SESSION_CLOSED);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar las demás' }));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
      '/api/user/sesiones/bbb',
      '/api/user/sesiones',
    ]);
  });

  it('lets a staff account without a name set one, which the header shows at once', async () => {
    const user = makeSessionUser('ADMINISTRADOR');
    storeStaffSession(user);
    let current = user;
    const { requests } = mockApi({
      'GET /api/user/me': () => current,
      'GET /api/user/sesiones': SESIONES,
      'PUT /api/user/me': ({ body }: MockRequest) => {
        current = { ...user, nombre: (body as { nombre: string }).nombre.trim() };
        return current;
      },
    });
    renderApp('/mi-cuenta');
    const panel = await screen.findByRole('region', { name: 'Su nombre' });
    expect(panel).toHaveTextContent('Su cuenta todavía no tiene nombre');
    const field = within(panel).getByLabelText('Nombre');
    expect(field).toHaveValue('');
    expect(screen.getByRole('link', { name: /Mi cuenta/ })).toHaveTextContent(user.user);

    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar nombre' }));
    expect(field).toHaveAccessibleDescription(MESSAGES.usuarios.NOMBRE_REQUIRED);
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await userEvent.type(field, 'Laura Méndez');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar nombre' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.acceso.NOMBRE_SAVED);
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ nombre: 'Laura Méndez' });
    expect(screen.getByRole('link', { name: /Mi cuenta/ })).toHaveTextContent('Laura Méndez');
    expect(field).toHaveValue('Laura Méndez');
    expect(panel).not.toHaveTextContent('todavía no tiene nombre');
  });

  it('leaves a professional’s name to Mi Perfil', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    mockApi({ 'GET /api/user/me': user, 'GET /api/user/sesiones': SESIONES });
    renderApp('/mi-cuenta');
    await screen.findByRole('table', { name: 'Sesiones abiertas' });
    expect(screen.queryByRole('region', { name: 'Su nombre' })).not.toBeInTheDocument();
  });

  it('is reached from the name in the header', async () => {
    mockApi(signedIn());
    const { router } = renderApp('/afiliados');
    await userEvent.click(await screen.findByRole('link', { name: /Mi cuenta/ }));
    expect(router.state.location.pathname).toBe('/mi-cuenta');
  });
});
