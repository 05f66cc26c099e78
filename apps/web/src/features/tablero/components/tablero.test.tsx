import type { PermissionName, RoleName, Tablero, TableroCierre } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { setScreenWidth } from '@/test/media-query.ts';
import { renderApp } from '@/test/render-app.tsx';

const TABLERO: Tablero = {
  afiliados: {
    total: 1_250_300,
    porObraSocial: [
      { obraSocialId: 3, nombre: 'OSDE', afiliados: 1_000_000 },
      { obraSocialId: 5, nombre: 'Swiss Medical', afiliados: 250_000 },
      { obraSocialId: null, nombre: 'Sin obra social', afiliados: 300 },
    ],
  },
  profesionales: {
    porEstado: [
      { estado: 'active', cantidad: 4980 },
      { estado: 'pending', cantidad: 12 },
      { estado: 'inactive', cantidad: 8 },
    ],
    solicitudesPendientes: 12,
    sinConfirmar: 431,
  },
  reportesAbiertos: 7,
  confirmaciones: {
    pendientes: 3,
    porProfesional: [
      { profesionalId: 41, nombre: 'Ana Odontóloga', observadas: 5, pendientes: 2 },
      { profesionalId: 42, nombre: 'Beto Prestador', observadas: 1, pendientes: 1 },
    ],
  },
  autorizaciones: {
    abiertas: 4,
    masAntigua: {
      numero: 'AU-K7M29QXP',
      pedida: '2026-11-20T15:00:00.000Z',
      respuestaAntes: '2026-11-22T15:00:00.000Z',
    },
    respuestas: 40,
    aTiempo: 30,
    porRegla: 12,
  },
  notificaciones: {
    enviadas: 2,
    destinatarios: 2000,
    leidas: 500,
    ultimas: [
      {
        id: 9,
        title: 'Nuevos valores',
        createdAt: '2026-11-20T15:00:00.000Z',
        destinatario: 'afiliados',
        recipientCount: 1500,
        readCount: 450,
      },
    ],
  },
  localidades: [
    {
      localidad: 'Caballito',
      lat: -34.61,
      long: -58.44,
      profesionales: 40,
      obrasSociales: 6,
      afiliadosCubiertos: 900_000,
    },
  ],
  cierre: null,
};

const CIERRE: TableroCierre = {
  periodos: [
    {
      periodo: '2026-11',
      lineas: 2,
      aprobadasAutomaticamente: 1,
      alarmas: 0,
      porObraSocial: [
        {
          obraSocialId: 3,
          nombre: 'OSDE',
          presentado: 2_000_000,
          aprobado: 2_500_000,
          debitadoRed: 400_000,
          debitadoObraSocial: 0,
        },
      ],
      pagoProfesionales: {
        pagados: 0,
        promedioDias: null,
        maximoDias: null,
        pendientes: 2,
        pendienteDias: 0,
      },
      cobroObrasSociales: {
        pagados: 0,
        promedioDias: null,
        maximoDias: null,
        pendientes: 1,
        pendienteDias: 0,
      },
    },
    {
      periodo: '2026-10',
      lineas: 10,
      aprobadasAutomaticamente: 3,
      alarmas: 2,
      porObraSocial: [
        {
          obraSocialId: 3,
          nombre: 'OSDE',
          presentado: 6_000_000,
          aprobado: 1_800_000,
          debitadoRed: 0,
          debitadoObraSocial: 900_000,
        },
        {
          obraSocialId: 5,
          nombre: 'Swiss Medical',
          presentado: 4_000_000,
          aprobado: 900_000,
          debitadoRed: 1_900_000,
          debitadoObraSocial: 50_000,
        },
      ],
      pagoProfesionales: {
        pagados: 2,
        promedioDias: 25.5,
        maximoDias: 30,
        pendientes: 0,
        pendienteDias: null,
      },
      cobroObrasSociales: { pagados: 1, promedioDias: 35, maximoDias: 35, pendientes: 1, pendienteDias: 40 },
    },
  ],
  motivos: [
    { origen: 'red', codigo: 'D13', texto: 'Presentada fuera de plazo', cantidad: 2, importe: 1_900_000 },
    { origen: 'obra_social', codigo: null, texto: 'Sin código de débito', cantidad: 1, importe: 50_000 },
  ],
};

function staff(role: RoleName | { permissions: PermissionName[] } = 'ADMINISTRATIVO') {
  const user = makeSessionUser(role);
  storeStaffSession(user);
  return { 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} };
}

describe('/tablero', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each figure as a link to the list behind it', async () => {
    mockApi({ ...staff('ADMINISTRADOR'), 'GET /api/tablero': TABLERO });
    renderApp('/tablero');
    const summary = await screen.findByRole('region', { name: 'Resumen de la red' });
    const link = (name: RegExp) => within(summary).getByRole('link', { name });
    expect(link(/1\.250\.300 Afiliados/)).toHaveAttribute('href', '/afiliados');
    expect(link(/4\.980 Aprobados/)).toHaveAttribute('href', '/profesionales');
    expect(link(/12 Solicitudes pendientes/)).toHaveAttribute('href', '/profesionales/solicitudes');
    expect(link(/7 Reportes de datos abiertos/)).toHaveAttribute('href', '/profesionales/reportes');
    expect(link(/431 Datos sin confirmar/)).toHaveAttribute('href', '/profesionales?sinConfirmar=1');
    expect(link(/3 Respuestas observadas/)).toHaveAttribute('href', '/afiliados/confirmaciones');
  });

  it('counts per dentist the visits their patients said did not happen or were overcharged', async () => {
    mockApi({ ...staff(), 'GET /api/tablero': TABLERO });
    renderApp('/tablero');
    const table = await screen.findByRole('table', { name: 'Confirmaciones observadas por profesional' });
    expect(within(table).getByRole('link', { name: 'Ana Odontóloga' })).toHaveAttribute(
      'href',
      '/afiliados/confirmaciones?profesionalId=41',
    );
    const ana = within(table).getByRole('link', { name: 'Ana Odontóloga' }).closest('tr')!;
    expect(ana).toHaveTextContent('5');
    expect(ana).toHaveTextContent('2');
  });

  it('links a figure only to a list the user may open, the others are figures alone', async () => {
    // ADMINISTRATIVO answers no sign-up requests; a custom role keeping affiliates opens no professional's list.
    mockApi({ ...staff(), 'GET /api/tablero': TABLERO });
    const { unmount } = renderApp('/tablero');
    let summary = await screen.findByRole('region', { name: 'Resumen de la red' });
    expect(within(summary).getByText('Solicitudes pendientes').closest('a')).toBeNull();
    expect(within(summary).getByRole('link', { name: /7 Reportes de datos abiertos/ })).toBeInTheDocument();
    unmount();

    mockApi({
      ...staff({ permissions: ['AFILIADOS.CREATE', 'BACKOFFICE_ACCESS'] }),
      'GET /api/tablero': TABLERO,
    });
    renderApp('/tablero');
    summary = await screen.findByRole('region', { name: 'Resumen de la red' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/afiliados']);
    expect(within(summary).getByText('Aprobados')).toBeInTheDocument();
    // Without AFILIADOS.GET the insurer filter is not theirs: the names are text.
    const insurers = screen.getByRole('table', { name: 'Afiliados por obra social' });
    expect(within(insurers).queryByRole('link')).not.toBeInTheDocument();
    expect(within(insurers).getByText('OSDE')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver notificaciones' })).toHaveAttribute(
      'href',
      '/notificaciones',
    );
  });

  it('lists affiliates per insurer, each leading to the filtered list, and the read rate of notifications', async () => {
    mockApi({ ...staff(), 'GET /api/tablero': TABLERO });
    renderApp('/tablero');
    const insurers = await screen.findByRole('table', { name: 'Afiliados por obra social' });
    expect(within(insurers).getByRole('link', { name: 'OSDE' })).toHaveAttribute(
      'href',
      '/afiliados?obraSocialId=3',
    );
    expect(within(insurers).getByText('1.000.000')).toBeInTheDocument();
    expect(screen.getByText(/2 enviadas a 2\.000 destinatarios; leídas 500 \(25 %\)/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Últimas notificaciones' })).toHaveTextContent(
      '450 de 1.500 (30 %)',
    );
    expect(screen.getByRole('table', { name: 'Cobertura por localidad' })).toHaveTextContent('Caballito');
  });

  it('says how many authorizations wait, the one waiting longest, and the share answered in time', async () => {
    mockApi({ ...staff(), 'GET /api/tablero': TABLERO });
    renderApp('/tablero');
    const panel = await screen.findByRole('region', { name: 'Autorizaciones previas' });
    expect(panel).toHaveTextContent('4 esperan al auditor');
    expect(panel).toHaveTextContent(
      /La que más espera: AU-K7M29QXP, pedida el 20\/11\/2026; desde hace \d+ días — la respuesta estaba prometida antes del 22\/11 12:00\./,
    );
    expect(panel).toHaveTextContent(
      '30 de 40 respuestas del auditor a tiempo (75 %), y 12 aprobadas al instante',
    );
  });

  it("shows who closes the month each closing's amounts per insurer, its share approved by the rules, alarms, days to pay and débitos by reason", async () => {
    mockApi({ ...staff('ADMINISTRADOR'), 'GET /api/tablero': { ...TABLERO, cierre: CIERRE } });
    renderApp('/tablero');
    const section = await screen.findByRole('region', { name: 'Cierres del mes' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Por período' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const months = within(section).getByRole('table', { name: 'Cierres por período' });
    const october = within(months).getByRole('link', { name: 'octubre de 2026' });
    expect(october).toHaveAttribute('href', '/cierre/2026-10');
    const octoberRow = october.closest('tr')!;
    expect(octoberRow).toHaveTextContent('30 % (3 de 10)');
    expect(octoberRow).toHaveTextContent('25,5 días en promedio (máx. 30)');
    expect(octoberRow).toHaveTextContent('35 días en promedio (máx. 35); 1 sin cobrar, desde hace 40 días');
    const novemberRow = within(months).getByRole('link', { name: 'noviembre de 2026' }).closest('tr')!;
    expect(novemberRow).toHaveTextContent('50 % (1 de 2)');
    expect(novemberRow).toHaveTextContent('2 sin pagar, desde hoy');

    const amounts = within(section).getByRole('table', { name: 'Importes por período y obra social' });
    const headers = within(amounts)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Período',
      'Obra social',
      'Presentado',
      'Aprobado',
      'Debitado por la red',
      'Debitado por la obra social',
    ]);
    const swiss = within(amounts).getByText('Swiss Medical').closest('tr')!;
    expect(
      within(swiss)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['octubre de 2026', 'Swiss Medical', '$ 40.000,00', '$ 9.000,00', '$ 19.000,00', '$ 500,00']);

    const reasons = within(section).getByRole('table', { name: 'Motivos de débito' });
    expect(within(reasons).getByText('D13 · Presentada fuera de plazo').closest('tr')).toHaveTextContent(
      /Red\s*2\s*\$ 19\.000,00/,
    );
    expect(within(reasons).getByText('Sin código de débito').closest('tr')).toHaveTextContent('Obra social');
  });

  it('on a phone shows each closing row as a card with every figure in sight', async () => {
    setScreenWidth('small');
    mockApi({ ...staff('ADMINISTRADOR'), 'GET /api/tablero': { ...TABLERO, cierre: CIERRE } });
    renderApp('/tablero');
    const section = await screen.findByRole('region', { name: 'Cierres del mes' });
    const amounts = within(section).getByRole('table', { name: 'Importes por período y obra social' });
    const swiss = within(amounts).getByText('Swiss Medical').closest('tr')!;
    expect(swiss).toHaveTextContent(
      'Swiss MedicalPeríodooctubre de 2026Presentado$ 40.000,00Aprobado$ 9.000,00Debitado por la red$ 19.000,00Debitado por la obra social$ 500,00',
    );
    expect(within(amounts).queryByRole('button', { name: 'Ver todas las columnas' })).not.toBeInTheDocument();
  });

  it('leaves the closings out for staff who do not close the month (the server sends none)', async () => {
    mockApi({ ...staff(), 'GET /api/tablero': TABLERO });
    renderApp('/tablero');
    await screen.findByRole('region', { name: 'Resumen de la red' });
    expect(screen.queryByRole('region', { name: 'Cierres del mes' })).not.toBeInTheDocument();
  });

  it('is not offered to a dentist', async () => {
    mockApi({ ...staff('PRESTADOR'), 'GET /api/tablero': TABLERO });
    renderApp('/tablero');
    expect(await screen.findByText(/No tiene permiso|no tiene acceso/i)).toBeInTheDocument();
  });
});
