import type { LineaPresentada, Liquidacion, PeriodoDetalle, PeriodoResumen } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
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
      id: 1,
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
      reconsiderada: false,
    },
    {
      id: 2,
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
      reconsiderada: false,
    },
  ],
  estadoDeCuenta: {
    notificacionId: 41,
    url: '/api/files/liquidaciones/2026-09/7.pdf?firma=x',
    publicadoAt: '2026-10-01T12:00:00.000Z',
    leidoAt: null,
  },
  estadoDeCuentaPendiente: false,
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
    expect(await screen.findByRole('heading', { level: 2, name: 'Octubre de 2026' })).toBeInTheDocument();
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
      await screen.findByRole('heading', { level: 2, name: 'Liquidación de septiembre de 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Sin pagar: 12 días desde el cierre/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Líneas de la liquidación' });
    const debitada = within(table).getByText('Falta la Rx postoperatoria').closest('tr')!;
    expect(within(debitada).getByText('Falta un adjunto requerido')).toBeInTheDocument();
    expect(within(debitada).getByText('− $ 10.000,00')).toBeInTheDocument();
    expect(within(debitada).getByText('Rechazada')).toBeInTheDocument();
  });

  it('opens the published statement and marks its notification read', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/liquidaciones/7': LIQUIDACION,
      'PUT /api/notificaciones/read': () => [204],
    });
    renderApp('/liquidaciones/7');
    const pdf = await screen.findByRole('link', { name: 'Estado de cuenta (PDF)' });
    expect(pdf).toHaveAttribute('href', LIQUIDACION.estadoDeCuenta!.url);
    pdf.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(pdf);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ notificacionId: 41 }),
    );
    expect(screen.queryByText(/todavía no lo abrió/)).not.toBeInTheDocument();
  });

  it('tells staff whether the dentist opened her statement', async () => {
    const user = makeSessionUser('ADMINISTRADOR');
    storeStaffSession(user);
    mockApi({
      'GET /api/user/me': user,
      'GET /api/liquidaciones/7': {
        ...LIQUIDACION,
        estadoDeCuenta: { ...LIQUIDACION.estadoDeCuenta!, leidoAt: '2026-10-02T13:30:00.000Z' },
      },
    });
    renderApp('/liquidaciones/7');
    expect(await screen.findByText('El prestador lo abrió el 02/10/2026 10:30')).toBeInTheDocument();
  });
});

const PRESENTADA: LineaPresentada = {
  id: 41,
  codigoValidacion: 'K7M2-9QXP',
  fecha: '2026-09-10',
  cierre: '2026-09',
  codigo: '01.01',
  nombre: 'Consulta',
  pieza: null,
  caras: null,
  sector: null,
  afiliado: { id: 5, nombre: 'Lucía Acuña', documento: '30555111' },
  profesional: { id: 3, nombre: 'Dra. Ana Ruiz' },
  obraSocial: { id: 1, nombre: 'OSDE' },
  importe: 1_000_000,
  coseguro: 0,
  cargoOs: 1_000_000,
  importeAprobado: null,
  estado: 'presentada',
  muestra: 'alarma',
  motivo: null,
  motivoText: null,
  nota: null,
  observadaHasta: null,
  resultados: [{ codigo: null, nivel: 'ok', mensaje: 'Cubierta: $ 10.000,00 a cargo de la obra social' }],
  alarmas: [{ codigo: 'D01', mensaje: 'El afiliado está de baja desde el 05/09/2026: no tiene cobertura' }],
  confirmacion: { atendido: false, cobro: 0, coseguro: 0 },
  pasos: [],
};

describe('/auditoria-odontologica?ver=prestaciones', () => {
  it('shows the auditor why a line is there and records a partial approval with its reason', async () => {
    const user = makeSessionUser('AUDITOR ODONTOLÓGICO');
    storeStaffSession(user);
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/obra-sociales': [],
      'GET /api/lineas': { rows: [PRESENTADA], rowCount: 1 },
      'PUT /api/lineas/41/decision': (r: MockRequest) =>
        (r.body as { importeAprobado?: number }).importeAprobado === 0
          ? [
              400,
              {
                error: 'x',
                code: 'VALIDACION',
                fields: { importeAprobado: 'Lo aprobado en parte es un importe mayor que cero' },
              },
            ]
          : { message: 'Decisión registrada', linea: { ...PRESENTADA, estado: 'aprobada_parcial' } },
    });
    renderApp('/auditoria-odontologica?ver=prestaciones');
    expect(
      await screen.findByRole('heading', { name: /01\.01 Consulta, boca completa/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/El afiliado está de baja desde el 05\/09\/2026/)).toBeInTheDocument();
    expect(screen.getByText('El afiliado dijo que no lo atendieron')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prestaciones presentadas' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Aprobar en parte' }));
    await userEvent.type(screen.getByLabelText(/Importe que se paga/), '6.000,00');
    await userEvent.selectOptions(screen.getByLabelText('Motivo del débito'), 'D14');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar decisión' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        decision: 'aprobar_parcial',
        importeAprobado: 600_000,
        motivo: 'D14',
      }),
    );
  });
});

describe('/liquidaciones', () => {
  it('lists the dentist’s settlements and her lines in the audit, and answers an observation', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    const { items: _i, ...fila } = LIQUIDACION;
    const observada: LineaPresentada = {
      ...PRESENTADA,
      estado: 'observada',
      muestra: 'azar',
      alarmas: [],
      confirmacion: null,
      nota: 'Mande la ficha',
      observadaHasta: '2026-12-20',
    };
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/liquidaciones': [fila],
      'GET /api/lineas': { rows: [observada], rowCount: 1 },
      'POST /api/lineas/41/respuesta': { message: 'Respuesta enviada: la prestación vuelve al auditor' },
    });
    renderApp('/liquidaciones');
    const table = await screen.findByRole('table', { name: 'Mis liquidaciones' });
    expect(await within(table).findByRole('link', { name: 'septiembre de 2026' })).toHaveAttribute(
      'href',
      '/liquidaciones/7',
    );
    const auditoria = screen.getByRole('table', { name: 'Prestaciones en auditoría' });
    expect(
      await within(auditoria).findByText(/El auditor pide: «Mande la ficha». Responda hasta el 20\/12\/2026/),
    ).toBeInTheDocument();
    await userEvent.click(within(auditoria).getByRole('button', { name: 'Responder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Responder al auditor' });
    await userEvent.type(within(dialog).getByLabelText('Su respuesta'), 'Va por mail');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar respuesta' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ texto: 'Va por mail' }),
    );
  });
});
