import { emptySchedule, MESSAGES, type Profesional } from '@red-dental/contracts';
import { buildProfesional, ESPECIALIDADES_RESPONSE as ESPECIALIDADES } from '@red-dental/testing/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

/** A dentist on /mi-perfil; the API keeps what is saved. */
function setup(record: Profesional, extra: Parameters<typeof mockApi>[0] = {}) {
  const user = makeSessionUser('PRESTADOR', { professionalName: record.nombre });
  storeStaffSession(user);
  let current = record;
  const api = mockApi({
    'GET /api/user/me': user,
    'GET /api/notificaciones/unread': {},
    'GET /api/especialidades': ESPECIALIDADES,
    'GET /api/profesionales/profile': () => current,
    'PUT /api/profesionales/profile': ({ body }: MockRequest) => {
      const b = body as Partial<Profesional>;
      current = {
        ...current,
        ...b,
        especialidades: ESPECIALIDADES.filter((e) => b.especialidades?.some((r) => r.id === e.id)),
        obrasSociales: current.obrasSociales,
        datosConfirmadosAt: '2026-11-23T13:00:00.000Z',
      } as Profesional;
      return current;
    },
    ...extra,
  });
  renderApp('/mi-perfil');
  return api;
}

const NEW_DENTIST = buildProfesional({
  razonSocial: null,
  telefono: null,
  especialidades: [],
  horarios: emptySchedule(),
  zonas: [],
  datosConfirmadosAt: null,
});

describe('/mi-perfil', () => {
  it("is 'Completar Perfil' until the spec's fields are there, then 'Mi Perfil'", async () => {
    const { requests } = setup(NEW_DENTIST);
    expect(await screen.findByRole('heading', { name: 'Completar Perfil', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Completar Perfil', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/cargue el teléfono, la razón social, al menos un día/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Editar' }));
    await userEvent.type(screen.getByLabelText(/Teléfono/), '011 4444-1111');
    await userEvent.type(screen.getByLabelText(/Razón Social/), 'Consultorio Benítez');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ortodoncia' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Martes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Completar Perfil' }));

    const dialog = await screen.findByRole('dialog', { name: MESSAGES.profesionales.PROFILE_COMPLETED });
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      telefono: '011 4444-1111',
      razonSocial: 'Consultorio Benítez',
      especialidades: [{ id: 2 }],
      horarios: { M: { enabled: true, times: [{ start: '09:00', end: '17:00' }] } },
    });
    expect(put?.body).not.toHaveProperty('obrasSociales');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('heading', { name: 'Mi Perfil', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Confirmó sus datos el 23/11/2026.')).toBeInTheDocument();
  });

  it('asks for the phone and the razón social before sending', async () => {
    const { requests } = setup(buildProfesional());
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.clear(screen.getByLabelText(/Teléfono/));
    await userEvent.clear(screen.getByLabelText(/Razón Social/));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText(MESSAGES.profesionales.TELEFONO_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.RAZON_SOCIAL_REQUIRED)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows the insurers without letting the dentist change them', async () => {
    setup(buildProfesional());
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const section = screen.getByRole('region', { name: 'Obras Sociales' });
    expect(within(section).getByText('OSDE')).toBeInTheDocument();
    expect(within(section).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows when the licence was verified, without naming the staff member (the API sends null)', async () => {
    setup(
      buildProfesional({ matriculaVerificadaAt: '2026-11-23T13:00:00.000Z', matriculaVerificadaPor: null }),
    );
    expect(await screen.findByText('Matrícula verificada el 23/11/2026.')).toBeInTheDocument();
  });

  it('Cancelar restores the last saved values', async () => {
    setup(buildProfesional());
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.clear(screen.getByLabelText('Nombre'));
    await userEvent.type(screen.getByLabelText('Nombre'), 'Otro nombre');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Acepta nuevos pacientes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByLabelText('Nombre')).toHaveValue('Laura Benítez');
    expect(screen.getByRole('checkbox', { name: 'Acepta nuevos pacientes' })).toBeChecked();
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('readonly');
  });

  it('tracks changes and asks before leaving them unsaved', async () => {
    setup(buildProfesional());
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    expect(screen.queryByText('Hay cambios sin guardar')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Piso/Depto./Extra'), ' (timbre 2)');
    expect(screen.getByText('Hay cambios sin guardar')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Afiliados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    expect(screen.getByLabelText('Piso/Depto./Extra')).toHaveValue('3° B (timbre 2)');

    await userEvent.click(screen.getByRole('link', { name: 'Afiliados' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cambios sin guardar' })).getByRole('button', {
        name: 'Salir sin guardar',
      }),
    );
    await waitFor(() => expect(screen.queryByLabelText('Piso/Depto./Extra')).not.toBeInTheDocument());
  });

  it('forgets the pin when the address is typed anew, until a suggestion is picked', async () => {
    const { requests } = setup(buildProfesional());
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    expect(
      screen.queryByText(
        'Elija una dirección de las sugeridas, o haga clic en el mapa donde está el consultorio. Sin ubicación, el consultorio no aparece en el mapa de la cartilla ni en “Cerca mío”.',
      ),
    ).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: 'Dirección' }), ' bis');
    expect(
      screen.getByText(
        'Elija una dirección de las sugeridas, o haga clic en el mapa donde está el consultorio. Sin ubicación, el consultorio no aparece en el mapa de la cartilla ni en “Cerca mío”.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await screen.findByRole('dialog', { name: MESSAGES.profesionales.PROFILE_COMPLETED });
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      direccion: 'Av. Santa Fe 1234, Buenos Aires bis',
      lat: null,
      long: null,
      ubicacionOrigen: null,
    });
  });

  it('adds and removes an absence', async () => {
    const { requests } = setup(buildProfesional());
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.type(screen.getByLabelText('Desde'), '2026-12-20');
    expect(screen.getByText(/Presione Agregar ausencia para sumarla a la lista/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Hasta'), '2026-12-10');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar ausencia' }));
    expect(await screen.findByText(MESSAGES.profesionales.AUSENCIA_ORDER)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Hasta'));
    await userEvent.type(screen.getByLabelText('Hasta'), '2027-01-05');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar ausencia' }));
    expect(screen.getByText('Del 20/12/2026 al 05/01/2027')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await screen.findByRole('dialog', { name: MESSAGES.profesionales.PROFILE_COMPLETED });
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      ausencias: [{ desde: '2026-12-20', hasta: '2027-01-05' }],
    });
  });

  it("records 'Mis datos están actualizados'", async () => {
    const { requests } = setup(buildProfesional({ datosConfirmadosAt: null }), {
      'POST /api/profesionales/profile/confirmar-datos': buildProfesional({
        datosConfirmadosAt: '2026-11-23T13:00:00.000Z',
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mis datos están actualizados' }));
    expect(await screen.findByText('Confirmó sus datos el 23/11/2026.')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname.endsWith('/confirmar-datos'))).toBe(true);
  });

  it('lets an account without a professional record change its password', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      'GET /api/especialidades': ESPECIALIDADES,
      'GET /api/profesionales/profile': [404, { error: MESSAGES.profesionales.NO_PROFILE }],
    });
    renderApp('/mi-perfil');
    expect(await screen.findByText(MESSAGES.profesionales.NO_PROFILE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar Contraseña' }));
    expect(await screen.findByRole('dialog', { name: 'Cambiar Contraseña' })).toBeInTheDocument();
  });

  it("opens 'Cambiar Contraseña'", async () => {
    setup(buildProfesional());
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar Contraseña' }));
    expect(await screen.findByRole('dialog', { name: 'Cambiar Contraseña' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Contraseña actual/)).toBeInTheDocument());
  });
});
