import { MESSAGES } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { renderApp } from '@/test/render-app.tsx';

const DATOS = {
  nombre: 'Dra. Sofía Luna',
  telefono: '011 4800-1234',
  direccion: 'Av. Cabildo 2040 3° B',
  localidad: 'Belgrano',
  lat: '-34.562400',
  long: '-58.456300',
  horarios: {
    L: { enabled: true, times: [{ start: '09:00', end: '13:00' }] },
    X: { enabled: false, times: [] },
  },
  especialidades: ['Ortodoncia'],
  obrasSociales: ['OSDE', 'Swiss Medical'],
  datosConfirmadosAt: '2026-05-01T15:00:00.000Z',
};

describe('/datos-al-dia/{token}', () => {
  it('shows the listing as affiliates see it, and confirms it with one press', async () => {
    const { requests } = mockApi({
      'GET /api/profesionales/recordatorio/abc': DATOS,
      'POST /api/profesionales/recordatorio/abc/confirmar': {
        message: MESSAGES.profesionales.DATOS_CONFIRMADOS,
      },
    });
    renderApp('/datos-al-dia/abc');
    expect(await screen.findByText(/Así ven los afiliados a/)).toHaveTextContent(
      'Así ven los afiliados a Dra. Sofía Luna. Los confirmó por última vez el 01/05/2026.',
    );
    expect(screen.getByText('Av. Cabildo 2040 3° B')).toBeInTheDocument();
    expect(screen.getByText('OSDE, Swiss Medical')).toBeInTheDocument();
    // The pin affiliates see on the cartilla's map, and the hours she vouches for.
    expect(
      screen.getByRole('region', { name: 'Ubicación del consultorio en el mapa de la cartilla' }),
    ).toBeInTheDocument();
    const horarios = screen.getByRole('region', { name: 'Horarios de atención' });
    expect(within(horarios).getByText('Lunes').nextElementSibling).toHaveTextContent('09:00 - 13:00');
    expect(within(horarios).getByText('Miércoles').nextElementSibling).toHaveTextContent('No disponible');
    // Opening the link changed nothing.
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Mis datos están actualizados' }));
    expect(await screen.findByText(MESSAGES.profesionales.DATOS_CONFIRMADOS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingresar para corregir mis datos' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('says when the office has no pin on the map', async () => {
    mockApi({ 'GET /api/profesionales/recordatorio/sinmapa': { ...DATOS, lat: null, long: null } });
    renderApp('/datos-al-dia/sinmapa');
    expect(
      await screen.findByText(
        'Sin marcar: el consultorio no aparece en el mapa de la cartilla ni en “Cerca mío”.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /en el mapa de la cartilla/ })).not.toBeInTheDocument();
  });

  it('says when the link was used or expired, and offers the sign-in', async () => {
    mockApi({
      'GET /api/profesionales/recordatorio/viejo': [
        400,
        { error: MESSAGES.profesionales.RECORDATORIO_LINK_INVALID },
      ],
    });
    renderApp('/datos-al-dia/viejo');
    expect(await screen.findByText(MESSAGES.profesionales.RECORDATORIO_LINK_INVALID)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mis datos están actualizados' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingresar para corregir mis datos' })).toBeInTheDocument();
  });
});
