import { buildProfesional, ESPECIALIDADES_RESPONSE as ESPECIALIDADES } from '@red-dental/testing/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

/** An administrator on /profesionales/edit/7. */
function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const user = makeSessionUser('ADMINISTRADOR');
  storeStaffSession(user);
  const api = mockApi({
    'GET /api/user/me': user,
    'GET /api/notificaciones/unread': {},
    'GET /api/especialidades': ESPECIALIDADES,
    'GET /api/obra-sociales/list': [{ id: 10, nombre: 'OSDE' }],
    'GET /api/zonas': [{ id: 3, nombre: 'Norte', numero: 3 }],
    'GET /api/profesionales/7': buildProfesional(),
    ...extra,
  });
  renderApp('/profesionales/edit/7');
  return api;
}

describe("/profesionales/edit/{id}'s reports", () => {
  it('shows the open reports from the cartilla and closes one', async () => {
    let open = [
      {
        id: 31,
        motivo: 'El teléfono ya no corresponde',
        createdAt: '2026-11-20T14:00:00.000Z',
        afiliado: { nombre: 'Lucía Fernández', documento: '30123456' },
      },
      // Sent to a user who may not look affiliates up: the initials alone.
      {
        id: 32,
        motivo: 'Cerró el consultorio',
        createdAt: '2026-11-21T14:00:00.000Z',
        afiliado: { iniciales: 'J. P.' },
      },
    ];
    const { requests } = setup({
      'GET /api/profesionales/7/reportes': () => open,
      'PUT /api/reportes/31': () => {
        open = [];
        return [204];
      },
    });
    const panel = await screen.findByRole('region', { name: 'Los afiliados informaron 2 errores' });
    expect(within(panel).getByText('El teléfono ya no corresponde')).toBeInTheDocument();
    expect(within(panel).getByText('20/11/2026 · Lucía Fernández (30123456)')).toBeInTheDocument();
    expect(within(panel).getByText('21/11/2026 · J. P.')).toBeInTheDocument();
    await userEvent.click(
      within(panel).getByRole('button', {
        name: 'Cerrar reporte',
        description: 'El teléfono ya no corresponde',
      }),
    );
    // The note the affiliate reads, as in the queue.
    const dialog = screen.getByRole('dialog', { name: 'Cerrar reporte' });
    await userEvent.type(
      within(dialog).getByLabelText('Qué se revisó o corrigió (lo lee el afiliado que lo informó)'),
      'Se actualizó el teléfono',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar reporte' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /informó un error/ })).not.toBeInTheDocument(),
    );
    const put = requests.find((r) => r.url.pathname === '/api/reportes/31');
    expect(put?.body).toEqual({ estado: 'cerrado', nota: 'Se actualizó el teléfono' });
  });
});
