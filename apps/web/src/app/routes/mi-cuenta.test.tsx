import { MESSAGES } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
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
      'DELETE /api/user/sesiones': { message: MESSAGES.usuarios.OTHER_SESSIONS_CLOSED(1) },
    });
    renderApp('/mi-cuenta');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cerrar la sesión de Safari en iOS (181.5.6.7)' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.usuarios.SESSION_CLOSED);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar las demás' }));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
      '/api/user/sesiones/bbb',
      '/api/user/sesiones',
    ]);
  });

  it('is reached from the name in the header', async () => {
    mockApi(signedIn());
    const { router } = renderApp('/afiliados');
    await userEvent.click(await screen.findByRole('link', { name: /Mi cuenta/ }));
    expect(router.state.location.pathname).toBe('/mi-cuenta');
  });
});
