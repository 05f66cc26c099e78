import type { Autorizacion } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const OBSERVADA: Autorizacion = {
  id: 12,
  numero: 'AU-K7M29QXP',
  estado: 'observada',
  afiliado: { id: 5, nombre: 'Lucía Acuña', documento: '30555111' },
  profesional: { id: 3, nombre: 'Dra. Ana Ruiz' },
  obraSocial: { id: 1, nombre: 'OSDE' },
  nota: 'Fractura coronaria',
  pedida: '2026-12-04T13:00:00.000Z',
  respuestaAntes: '2026-12-06T13:00:00.000Z',
  decidida: null,
  motivo: null,
  motivoTexto: null,
  notaAuditor: null,
  venceEl: null,
  items: [
    {
      id: 1,
      codigo: '04.01',
      nombre: 'Corona',
      pieza: 46,
      caras: null,
      sector: null,
      estado: 'pendiente',
      consumido: false,
      resultados: [{ codigo: null, nivel: 'ok', mensaje: 'Cubierta: $ 9.000,00 a cargo de la obra social' }],
    },
  ],
  mensajes: [
    {
      id: 1,
      de: 'auditor',
      autor: 'Dr. Juan Paz',
      texto: 'Adjunte Rx periapical de 46',
      at: '2026-12-05T12:00:00.000Z',
    },
  ],
  adjuntos: [],
};

describe('/autorizaciones', () => {
  it('lists the dentist’s requests with where each stands', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    const { mensajes: _m, nota: _n, notaAuditor: _a, ...fila } = OBSERVADA;
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/autorizaciones': { rows: [fila], rowCount: 1 },
    });
    renderApp('/autorizaciones');
    const table = await screen.findByRole('table', { name: 'Mis autorizaciones' });
    expect(await within(table).findByRole('link', { name: 'AU-K7M29QXP' })).toHaveAttribute(
      'href',
      '/autorizaciones/12',
    );
    expect(
      within(table).getByText('Observada: el auditor espera una respuesta del profesional'),
    ).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'observada');
    await waitFor(() =>
      expect(requests.some((r) => r.url.searchParams.get('estado') === 'observada')).toBe(true),
    );
  });

  it('shows an observed request with the auditor’s ask, and the dentist answers in the thread', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/autorizaciones/12': OBSERVADA,
      'POST /api/autorizaciones/12/mensajes': { message: 'Mensaje enviado' },
    });
    renderApp('/autorizaciones/12');
    expect(
      await screen.findByText(
        'El auditor pidió algo más: respóndale con un mensaje o un archivo y la revisión sigue.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Adjunte Rx periapical de 46')).toBeInTheDocument();
    expect(screen.getByLabelText('Desde el celular')).toHaveAttribute('capture', 'environment');
    await userEvent.type(screen.getByLabelText('Mensaje'), 'Va la Rx por la tarde');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ texto: 'Va la Rx por la tarde' }),
    );
  });
});
