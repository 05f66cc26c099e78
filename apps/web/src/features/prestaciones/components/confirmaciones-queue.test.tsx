import type { ConfirmacionObservada } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const NO_ATENDIDO: ConfirmacionObservada = {
  atencionId: 31,
  codigoValidacion: 'K7M2-9QXP',
  fecha: '2026-11-28',
  profesional: { id: 12, nombre: 'Dra. Laura Benítez' },
  afiliado: { id: 7, nombre: 'Marta Gil', documento: '30111222' },
  lineas: ['02.01 36 O', '05.01 boca completa'],
  atendido: false,
  cobro: 0,
  coseguro: 50_000,
  respondida: '2026-11-29T13:00:00.000Z',
  estado: 'pendiente',
  revision: null,
};

const COBRADA: ConfirmacionObservada = {
  ...NO_ATENDIDO,
  atencionId: 30,
  codigoValidacion: 'ABCD-2345',
  atendido: true,
  cobro: 80_000,
  estado: 'revisada',
  revision: {
    at: '2026-11-30T15:00:00.000Z',
    por: 'Ana Pérez',
    nota: 'El profesional devolvió la diferencia.',
  },
};

function staff(role: 'ADMINISTRATIVO' | 'PRESTADOR' = 'ADMINISTRATIVO') {
  const user = makeSessionUser(role);
  storeStaffSession(user);
  return { 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} };
}

describe('/afiliados/confirmaciones', () => {
  it('lists the answers still to review with the visit, and marks one reviewed with what was found', async () => {
    let pendientes = [NO_ATENDIDO];
    const { requests } = mockApi({
      ...staff(),
      'GET /api/prestaciones/confirmaciones': (r: MockRequest) =>
        r.url.searchParams.get('estado') === 'revisada'
          ? { rows: [COBRADA], rowCount: 1 }
          : { rows: pendientes, rowCount: pendientes.length },
      'PUT /api/prestaciones/confirmaciones/31': () => {
        pendientes = [];
        return [204];
      },
    });
    renderApp('/afiliados/confirmaciones');
    const table = await screen.findByRole('table', { name: 'Respuestas sin revisar' });
    const row = (await within(table).findByText('Dice que no lo atendieron')).closest('tr')!;
    expect(row).toHaveTextContent('28/11/2026 · K7M2-9QXP');
    expect(row).toHaveTextContent('02.01 36 O, 05.01 boca completa');
    expect(within(row).getByRole('link', { name: 'Marta Gil' })).toHaveAttribute(
      'href',
      '/afiliados?search=30111222',
    );
    expect(screen.getByText('1 respuesta sin revisar')).toBeInTheDocument();

    await userEvent.click(
      within(row).getByRole('button', {
        name: 'Revisar la respuesta de Marta Gil sobre la atención K7M2-9QXP',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Marcar revisada' });
    expect(dialog).toHaveTextContent('dice que no lo atendieron');
    await userEvent.type(
      within(dialog).getByLabelText('Qué se encontró (la llamada al afiliado, la respuesta del profesional)'),
      'Llamamos: no fue atendido.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marcar revisada' }));
    expect(await screen.findByText('Se marcó revisada la respuesta de Marta Gil')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      estado: 'revisada',
      nota: 'Llamamos: no fue atendido.',
    });
    expect(await screen.findByText('0 respuestas sin revisar')).toBeInTheDocument();
  });

  it('shows the reviewed ones with who reviewed them and their note, and puts one back', async () => {
    const { requests } = mockApi({
      ...staff(),
      'GET /api/prestaciones/confirmaciones': { rows: [COBRADA], rowCount: 1 },
      'PUT /api/prestaciones/confirmaciones/30': [204],
    });
    renderApp('/afiliados/confirmaciones?estado=revisada');
    const table = await screen.findByRole('table', { name: 'Respuestas revisadas' });
    const row = (await within(table).findByText(/Le cobraron \$ 800,00; el coseguro era \$ 500,00/)).closest(
      'tr',
    )!;
    expect(row).toHaveTextContent('Ana Pérez');
    expect(row).toHaveTextContent('El profesional devolvió la diferencia.');
    await userEvent.click(within(row).getByRole('button', { name: /Volver a pendientes/ }));
    expect(await screen.findByText('La respuesta de Marta Gil volvió a pendientes')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ estado: 'pendiente' });
  });

  it('keeps to one dentist when the dashboard sent there, and lets go of it', async () => {
    const { requests } = mockApi({
      ...staff(),
      'GET /api/prestaciones/confirmaciones': { rows: [NO_ATENDIDO], rowCount: 1 },
    });
    renderApp('/afiliados/confirmaciones?profesionalId=12');
    expect(await screen.findByText(/Solo las de Dra\. Laura Benítez\./)).toBeInTheDocument();
    const asked = () =>
      requests.filter((r) => r.url.pathname === '/api/prestaciones/confirmaciones').at(-1)?.url.searchParams;
    expect(asked()?.get('profesionalId')).toBe('12');
    await userEvent.click(screen.getByRole('button', { name: 'Ver todas' }));
    expect(screen.queryByText(/Solo las de/)).not.toBeInTheDocument();
    expect(asked()?.get('profesionalId')).toBeNull();
  });

  it('is not a dentist’s screen', async () => {
    mockApi(staff('PRESTADOR'));
    renderApp('/afiliados/confirmaciones');
    expect(await screen.findByText(/No tiene permiso|no tiene acceso/i)).toBeInTheDocument();
  });
});
