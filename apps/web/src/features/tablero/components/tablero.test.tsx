import type { PermissionName, RoleName, Tablero } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
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
};

function staff(role: RoleName | { permissions: PermissionName[] } = 'ADMINISTRATIVO') {
  const user = makeSessionUser(role);
  storeStaffSession(user);
  return { 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} };
}

describe('/tablero', () => {
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

  it('is not offered to a dentist', async () => {
    mockApi({ ...staff('PRESTADOR'), 'GET /api/tablero': TABLERO });
    renderApp('/tablero');
    expect(await screen.findByText(/No tiene permiso|no tiene acceso/i)).toBeInTheDocument();
  });
});
