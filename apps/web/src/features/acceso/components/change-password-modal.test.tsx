import { MESSAGES } from '@red-dental/contracts';
import { buildProfesional } from '@red-dental/testing/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session.ts';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

/** The screen the dialog opens from. */
const PROFILE = {
  'GET /api/profesionales/profile': buildProfesional({ nombre: 'Dra. Ana Ruiz' }),
  'GET /api/especialidades': [],
};

async function openModal() {
  await userEvent.click(await screen.findByRole('button', { name: 'Cambiar Contraseña' }));
  return screen.getByRole('dialog', { name: 'Cambiar Contraseña' });
}

async function fill(dialog: HTMLElement, current: string, next: string, confirm = next) {
  await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), current);
  await userEvent.type(within(dialog).getByLabelText('Contraseña'), next);
  await userEvent.type(within(dialog).getByLabelText('Confirmar Contraseña'), confirm);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
}

describe("'Cambiar Contraseña' in Mi Perfil", () => {
  const user = makeSessionUser('PRESTADOR', { professionalName: 'Dra. Ana Ruiz' });

  it('asks for the current password first, then the new one twice', async () => {
    storeStaffSession(user);
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      ...PROFILE,
    });
    renderApp('/mi-perfil');
    const dialog = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(MESSAGES.CURRENT_PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.PASSWORD_REQUIRED)).toBeInTheDocument();
    await fill(dialog, 'Actual-2025', 'Nueva-Clave-2025', 'Otra-Clave-2025');
    expect(await within(dialog).findByText(MESSAGES.PASSWORD_MISMATCH)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows the server refusing the current password under its field', async () => {
    storeStaffSession(user);
    mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      ...PROFILE,
      'PUT /api/user/change-password': [
        400,
        {
          error: MESSAGES.CURRENT_PASSWORD_WRONG,
          code: 'VALIDACION',
          fields: { currentPassword: MESSAGES.CURRENT_PASSWORD_WRONG },
        },
      ],
    });
    renderApp('/mi-perfil');
    const dialog = await openModal();
    await fill(dialog, 'no-es-esta', 'Nueva-Clave-2025');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Contraseña actual')).toHaveAccessibleDescription(
        MESSAGES.CURRENT_PASSWORD_WRONG,
      ),
    );
  });

  it('keeps the session going with the new token and says so', async () => {
    storeStaffSession(user, 'token-viejo');
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      ...PROFILE,
      'PUT /api/user/change-password': { token: 'token-nuevo' },
    });
    renderApp('/mi-perfil');
    const dialog = await openModal();
    await fill(dialog, 'Actual-2025', 'Nueva-Clave-2025');
    // The page's map has a status line of its own; the toast is announced beside it.
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(MESSAGES.PASSWORD_CHANGED),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({ currentPassword: 'Actual-2025', password: 'Nueva-Clave-2025' });
    expect(put.headers.get('authorization')).toBe('Bearer token-viejo');
    expect(getSession()).toMatchObject({ kind: 'staff', token: 'token-nuevo', user });
    // Same session: the screen stays, nothing is fetched again.
    expect(screen.getByText('Dra. Ana Ruiz')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/user/me')).toHaveLength(1);
  });

  it('signing out revokes the token on the server', async () => {
    storeStaffSession(user, 'token-de-la-sesion');
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      ...PROFILE,
      'POST /api/user/logout': [204],
    });
    const { router } = renderApp('/mi-perfil');
    await userEvent.click(await screen.findByRole('link', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const logout = requests.find((r) => r.url.pathname === '/api/user/logout');
    expect(logout?.headers.get('authorization')).toBe('Bearer token-de-la-sesion');
    expect(getSession()).toBeNull();
  });
});
