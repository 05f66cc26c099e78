import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const insurer = (id: number, nombre: string) => ({ id, nombre, mail: [], telefono: [], afiliadoCount: 0 });

describe('/obra-social', () => {
  it.each(['swissmedical', 'SWISS-MEDICAL', 'swiss  medical', 'médical'])(
    'finds an insurer by name however "%s" is spaced, hyphenated or accented',
    async (typed) => {
      const user = makeSessionUser('ADMINISTRATIVO');
      storeStaffSession(user);
      mockApi({
        'GET /api/user/me': user,
        'GET /api/notificaciones/unread': {},
        'GET /api/obra-sociales': [
          insurer(1, 'OSDE'),
          insurer(2, 'Swiss Medical'),
          insurer(3, "Obra Social D'Ángelo"),
        ],
      });
      renderApp('/obra-social');
      const table = await screen.findByRole('table', { name: 'Obras sociales' });
      expect(await within(table).findByText('OSDE')).toBeInTheDocument();
      await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar obra social' }), typed);
      expect(within(table).getByText('Swiss Medical')).toBeInTheDocument();
      expect(within(table).queryByText('OSDE')).not.toBeInTheDocument();
      expect(within(table).queryByText("Obra Social D'Ángelo")).not.toBeInTheDocument();
    },
  );

  it('finds "D\'Ángelo" by "dangelo"', async () => {
    const user = makeSessionUser('ADMINISTRATIVO');
    storeStaffSession(user);
    mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      'GET /api/obra-sociales': [insurer(1, 'OSDE'), insurer(3, "Obra Social D'Ángelo")],
    });
    renderApp('/obra-social');
    const table = await screen.findByRole('table', { name: 'Obras sociales' });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Buscar obra social' }), 'dangelo');
    expect(within(table).getByText("Obra Social D'Ángelo")).toBeInTheDocument();
    expect(within(table).queryByText('OSDE')).not.toBeInTheDocument();
  });
});
