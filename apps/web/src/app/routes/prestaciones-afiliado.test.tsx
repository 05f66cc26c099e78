import { buildAfiliadoProfile } from '@red-dental/testing/responses';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { storeAffiliateSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const LINEAS = [
  {
    id: 2,
    fecha: '2026-11-20',
    codigo: '05.01',
    nombre: 'Limpieza',
    pieza: null,
    caras: null,
    sector: null,
    estado: 'validada',
    prestador: 'Beto Sillón',
    coseguro: 50_000,
    codigoValidacion: 'K7M2-9QXP',
  },
  {
    id: 1,
    fecha: '2026-03-14',
    codigo: '02.01',
    nombre: 'Obturación simple',
    pieza: 36,
    caras: 'O',
    sector: null,
    estado: 'aprobada',
    prestador: 'Ana Sillón',
    coseguro: 0,
    codigoValidacion: 'H3JK-5MNP',
  },
];

describe('Mis prestaciones (the portal)', () => {
  it('shows the affiliate’s odontogram and every line with who recorded it', async () => {
    storeAffiliateSession();
    mockApi({
      'GET /api/afiliados/profile': buildAfiliadoProfile(),
      'GET /api/afiliados/profile/prestaciones': { lineas: LINEAS },
    });
    renderApp('/prestaciones-afiliado');
    const lista = await screen.findByRole('region', { name: 'Prestaciones registradas a su nombre' });
    const items = within(lista).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('20/11/2026 · boca completa · Beto Sillón'),
      expect.stringContaining('14/03/2026 · 36 O · Ana Sillón'),
    ]);
    expect(items[0]).toHaveTextContent('Validada · Coseguro $ 500,00 · Código K7M2-9QXP');
    expect(
      screen.getByRole('gridcell', {
        name: /^Pieza 36 .*cara oclusal: Obturación simple el 14\/03\/2026 por Ana Sillón/,
      }),
    ).toBeInTheDocument();
  });
});
