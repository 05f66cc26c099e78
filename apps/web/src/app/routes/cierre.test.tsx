import type { Liquidacion, PeriodoDetalle, PeriodoResumen } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const CERRADO: PeriodoResumen = {
  periodo: '2026-09',
  estado: 'cerrado',
  cierraDesde: '2026-10-01',
  cerradoEl: '2026-10-03',
  cerradoPor: 'Marta Gómez',
  semilla: 42,
  muestra: { porcentaje: 5, desde: null, desvio: 2 },
  lineas: { presentadas: 4, aprobadas: 1, rechazadas: 1, enAuditoria: 2 },
  importes: { presentado: 4_000_000, coseguros: 100_000, aprobado: 900_000, debitado: 1_000_000 },
  alarmas: 1,
  liquidaciones: 2,
  lotes: 1,
};
const ABIERTO: PeriodoResumen = {
  ...CERRADO,
  periodo: '2026-10',
  estado: 'abierto',
  cierraDesde: '2026-11-01',
  cerradoEl: null,
  cerradoPor: null,
  semilla: null,
  muestra: null,
  lineas: { presentadas: 12, aprobadas: 0, rechazadas: 0, enAuditoria: 0 },
  alarmas: 0,
  liquidaciones: 0,
  lotes: 0,
};

const LIQUIDACION: Liquidacion = {
  id: 7,
  periodo: '2026-09',
  profesional: { id: 3, nombre: 'Dra. Ana Ruiz' },
  lineas: 2,
  bruto: 2_000_000,
  coseguros: 100_000,
  debitos: 1_000_000,
  neto: 900_000,
  emitidaEl: '2026-10-03',
  pagadaEl: null,
  diasAPagar: 12,
  items: [
    {
      lineaId: 31,
      codigoValidacion: 'K7M2-9QXP',
      fecha: '2026-09-10',
      codigo: '02.01',
      nombre: 'Obturación simple',
      pieza: 36,
      caras: 'O',
      sector: null,
      afiliado: 'Lucía Acuña',
      tipo: 'prestacion',
      importe: 1_000_000,
      coseguro: 100_000,
      debito: 0,
      motivo: null,
      motivoText: null,
      nota: null,
      neto: 900_000,
      estado: 'facturada',
    },
    {
      lineaId: 32,
      codigoValidacion: 'P3QR-7XYZ',
      fecha: '2026-09-12',
      codigo: '02.02',
      nombre: 'Obturación compuesta',
      pieza: 46,
      caras: 'OM',
      sector: null,
      afiliado: 'Juan Paz',
      tipo: 'prestacion',
      importe: 1_000_000,
      coseguro: 0,
      debito: 1_000_000,
      motivo: 'D05',
      motivoText: 'Falta la Rx postoperatoria',
      nota: null,
      neto: 0,
      estado: 'rechazada',
    },
  ],
};

describe('/cierre', () => {
  it('lists the months and closes the next one with the sample’s terms', async () => {
    const user = makeSessionUser('ADMINISTRADOR');
    storeStaffSession(user);
    const detalle: PeriodoDetalle = {
      ...CERRADO,
      periodo: '2026-10',
      cerradoEl: '2026-11-02',
      alarmas: 0,
      listaAlarmas: [],
    };
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/periodos': [ABIERTO, CERRADO],
      'POST /api/periodos/2026-10/cierre': { ...detalle, message: 'Período 2026-10 cerrado' },
      'GET /api/periodos/2026-10': detalle,
      'GET /api/liquidaciones': [],
      'GET /api/lotes': [],
    });
    renderApp('/cierre');
    const table = await screen.findByRole('table', { name: 'Períodos' });
    expect(await within(table).findByRole('link', { name: 'septiembre de 2026' })).toHaveAttribute(
      'href',
      '/cierre/2026-09',
    );
    expect(within(table).getByText('12 validadas')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar octubre de 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar octubre de 2026' });
    const porcentaje = within(dialog).getByLabelText('Muestra al azar (% de las líneas limpias)');
    await userEvent.clear(porcentaje);
    await userEvent.type(porcentaje, '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar el período' }));
    expect(await within(dialog).findByText('El porcentaje de la muestra va de 0 a 100')).toBeInTheDocument();
    await userEvent.clear(porcentaje);
    await userEvent.type(porcentaje, '3');
    await userEvent.type(
      within(dialog).getByLabelText('Auditar toda línea desde (importe a cargo de la obra social)'),
      '150.000,00',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar el período' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        muestra: { porcentaje: 3, desde: 15_000_000, desvio: 2 },
        semilla: null,
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Octubre de 2026' })).toBeInTheDocument();
    expect(await screen.findByText(/Sin alarmas/)).toBeInTheDocument();
  });
});

describe('/liquidaciones/:id', () => {
  it('shows the dentist her settlement line by line, each débito with its reason in words', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    mockApi({ 'GET /api/user/me': user, 'GET /api/liquidaciones/7': LIQUIDACION });
    renderApp('/liquidaciones/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Liquidación de septiembre de 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Sin pagar: 12 días desde el cierre/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Líneas de la liquidación' });
    const debitada = within(table).getByText('Falta la Rx postoperatoria').closest('tr')!;
    expect(within(debitada).getByText('Falta un adjunto requerido')).toBeInTheDocument();
    expect(within(debitada).getByText('− $ 10.000,00')).toBeInTheDocument();
    expect(within(debitada).getByText('Rechazada')).toBeInTheDocument();
  });
});
