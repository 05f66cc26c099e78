import type { ReporteQueueRow } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const OPEN: ReporteQueueRow = {
  id: 5,
  profesional: { id: 12, nombre: 'Dra. Laura Benítez' },
  motivo: 'El teléfono no existe más',
  createdAt: '2026-11-02T13:00:00.000Z',
  afiliado: { nombre: 'Marta Gil', documento: '30111222' },
  estado: 'abierto',
  cerradoAt: null,
  cerradoPor: null,
  nota: null,
};

const CLOSED: ReporteQueueRow = {
  ...OPEN,
  id: 4,
  estado: 'cerrado',
  cerradoAt: '2026-11-20T18:00:00.000Z',
  cerradoPor: 'Ana Pérez',
  nota: 'Se corrigió el teléfono.',
};

function staff() {
  const user = makeSessionUser('ADMINISTRATIVO');
  storeStaffSession(user);
  return { 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} };
}

describe('/profesionales/reportes', () => {
  it('lists the open reports and closes one with a note the affiliate will read', async () => {
    let open = [OPEN];
    const { requests } = mockApi({
      ...staff(),
      'GET /api/reportes': (r: MockRequest) =>
        r.url.searchParams.get('estado') === 'cerrado'
          ? { rows: [CLOSED], rowCount: 1 }
          : { rows: open, rowCount: open.length },
      'PUT /api/reportes/5': () => {
        open = [];
        return [204];
      },
    });
    renderApp('/profesionales/reportes');
    const table = await screen.findByRole('table', { name: 'Reportes abiertos' });
    const row = (await within(table).findByText('El teléfono no existe más')).closest('tr')!;
    expect(row).toHaveTextContent('02/11/2026');
    expect(row).toHaveTextContent('Marta Gil (30111222)');
    expect(within(row).getByRole('link', { name: 'Dra. Laura Benítez' })).toHaveAttribute(
      'href',
      '/profesionales/edit/12',
    );
    expect(screen.getByText('1 reporte abierto')).toBeInTheDocument();

    await userEvent.click(
      within(row).getByRole('button', { name: 'Cerrar el reporte sobre Dra. Laura Benítez' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cerrar reporte' });
    await userEvent.type(
      within(dialog).getByLabelText('Qué se revisó o corrigió (lo lee el afiliado que lo informó)'),
      'Se corrigió el teléfono.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar reporte' }));
    expect(await screen.findByText('Se cerró el reporte sobre Dra. Laura Benítez')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      estado: 'cerrado',
      nota: 'Se corrigió el teléfono.',
    });
    expect(await screen.findByText('0 reportes abiertos')).toBeInTheDocument();
  });

  it('shows the initials of whoever sent it when the user may not look affiliates up', async () => {
    mockApi({
      ...staff(),
      'GET /api/reportes': {
        rows: [OPEN, { ...OPEN, id: 6, motivo: 'Ya no atiende', afiliado: { iniciales: 'J. C. P.' } }],
        rowCount: 2,
      },
    });
    renderApp('/profesionales/reportes');
    const table = await screen.findByRole('table', { name: 'Reportes abiertos' });
    const row = (await within(table).findByText('Ya no atiende')).closest('tr')!;
    expect(within(row).getByText('J. C. P.')).toBeInTheDocument();
    expect(within(table).getByText('Marta Gil (30111222)')).toBeInTheDocument();
  });

  it('shows the closed ones with when, who and the note, and opens one again', async () => {
    const { requests } = mockApi({
      ...staff(),
      'GET /api/reportes': { rows: [CLOSED], rowCount: 1 },
      'PUT /api/reportes/4': [204],
    });
    renderApp('/profesionales/reportes?estado=cerrado');
    const table = await screen.findByRole('table', { name: 'Reportes cerrados' });
    const row = (await within(table).findByText('El teléfono no existe más')).closest('tr')!;
    expect(row).toHaveTextContent('20/11/2026 · Ana Pérez');
    expect(row).toHaveTextContent('Se corrigió el teléfono.');
    expect(screen.getByLabelText('Estado')).toHaveValue('cerrado');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Volver a abrir el reporte sobre Dra. Laura Benítez' }),
    );
    expect(
      await screen.findByText('Se volvió a abrir el reporte sobre Dra. Laura Benítez'),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ estado: 'abierto' });
  });
});
