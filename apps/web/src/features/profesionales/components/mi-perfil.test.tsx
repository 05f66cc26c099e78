import { emptySchedule, MESSAGES, type Profesional, PUBLIC_CONFIG_META_NAME } from '@red-dental/contracts';
import { buildProfesional, ESPECIALIDADES_RESPONSE as ESPECIALIDADES } from '@red-dental/testing/responses';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPublicConfigForTests } from '@/lib/config.ts';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

/** Gives the page the settings the server writes into it (apps/api/src/plugins/spa.ts). */
function setMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = PUBLIC_CONFIG_META_NAME;
  meta.setAttribute('content', content);
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelector(`meta[name="${PUBLIC_CONFIG_META_NAME}"]`)?.remove();
  resetPublicConfigForTests();
});

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

  it("takes a night on call as two ranges, and 'Continuar' keeps a range ending before it starts in the dialog", async () => {
    const { requests } = setup(buildProfesional());
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Horarios de Guardias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardias' });
    expect(
      within(dialog).getByText(
        'Para una guardia que pasa la medianoche, cargue 22:00 a 23:59 y, al día siguiente, 00:00 a 06:00',
      ),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('switch', { name: 'Viernes' }));
    const start = within(dialog).getByLabelText('Viernes, inicio del horario 1');
    fireEvent.change(start, { target: { value: '22:00' } });
    fireEvent.change(within(dialog).getByLabelText('Viernes, fin del horario 1'), {
      target: { value: '06:00' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(start).toHaveFocus());
    expect(screen.getByRole('dialog', { name: 'Guardias' })).toBe(dialog);
    expect(start).toHaveAccessibleDescription(MESSAGES.schedule.ORDER);

    // As the hint says: to 23:59, and the next day from 00:00.
    fireEvent.change(within(dialog).getByLabelText('Viernes, fin del horario 1'), {
      target: { value: '23:59' },
    });
    await waitFor(() => expect(within(dialog).queryByText(MESSAGES.schedule.ORDER)).not.toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Sábado' }));
    fireEvent.change(within(dialog).getByLabelText('Sábado, inicio del horario 1'), {
      target: { value: '00:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Sábado, fin del horario 1'), {
      target: { value: '06:00' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Guardias' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await screen.findByRole('dialog', { name: MESSAGES.profesionales.PROFILE_COMPLETED });
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      guardias: {
        V: { enabled: true, times: [{ start: '22:00', end: '23:59' }] },
        S: { enabled: true, times: [{ start: '00:00', end: '06:00' }] },
      },
    });
  });

  it("'Completar Perfil' with refused on-call hours opens them on the day, and says why beside the button", async () => {
    const { requests } = setup(NEW_DENTIST);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.type(screen.getByLabelText(/Teléfono/), '011 4444-1111');
    await userEvent.type(screen.getByLabelText(/Razón Social/), 'Consultorio Benítez');
    await userEvent.click(screen.getByRole('button', { name: 'Horarios de Guardias' }));
    let dialog = await screen.findByRole('dialog', { name: 'Guardias' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Viernes' }));
    fireEvent.change(within(dialog).getByLabelText('Viernes, inicio del horario 1'), {
      target: { value: '22:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Viernes, fin del horario 1'), {
      target: { value: '06:00' },
    });
    // Closed without 'Continuar': the refused range goes on in the form.
    await userEvent.click(within(dialog).getByRole('button', { name: /Cerrar/ }));

    await userEvent.click(screen.getByRole('button', { name: 'Completar Perfil' }));
    dialog = await screen.findByRole('dialog', { name: 'Guardias' });
    const start = within(dialog).getByLabelText('Viernes, inicio del horario 1');
    await waitFor(() => expect(start).toHaveFocus());
    expect(start).toHaveAccessibleDescription(MESSAGES.schedule.ORDER);
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: /Cerrar/ }));
    const notice = screen
      .getByText('No se guardaron los cambios. Corrija estos horarios:')
      .closest('[role=alert]');
    expect(notice).toHaveTextContent(`Horarios de Guardias, Viernes: ${MESSAGES.schedule.ORDER}`);
  });

  it("'Guardar Cambios' with refused office hours goes to the day and names it beside the button", async () => {
    const { requests } = setup(buildProfesional());
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const start = screen.getByLabelText('Lunes, inicio del horario 1');
    fireEvent.change(screen.getByLabelText('Lunes, fin del horario 1'), { target: { value: '08:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(start).toHaveFocus());
    expect(start).toHaveAccessibleDescription(MESSAGES.schedule.ORDER);
    expect(screen.getByText(`Horarios de atención, Lunes: ${MESSAGES.schedule.ORDER}`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Guardias' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    // Mended, the message goes and the save goes through.
    fireEvent.change(screen.getByLabelText('Lunes, fin del horario 1'), { target: { value: '13:00' } });
    await waitFor(() => expect(screen.queryByText(/Horarios de atención, Lunes/)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await screen.findByRole('dialog', { name: MESSAGES.profesionales.PROFILE_COMPLETED });
  });

  it('shows the insurers without letting the dentist change them', async () => {
    setup(buildProfesional());
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const section = screen.getByRole('region', { name: 'Obras Sociales' });
    expect(within(section).getByText('OSDE')).toBeInTheDocument();
    expect(within(section).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says how to ask the network for an insurer she takes that is not listed, at its configured address', async () => {
    setMeta(JSON.stringify({ contactEmail: 'prestadores@reddental.example' }));
    setup(buildProfesional());
    const section = await screen.findByRole('region', { name: 'Obras Sociales' });
    expect(section).toHaveTextContent(
      'Si atiende una obra social que no figura aquí, pídale a la red que la agregue: escriba a prestadores@reddental.example con el nombre de la obra social.',
    );
    expect(within(section).getByRole('link', { name: 'prestadores@reddental.example' })).toHaveAttribute(
      'href',
      'mailto:prestadores@reddental.example?subject=Agregar%20una%20obra%20social%20a%20mi%20perfil',
    );
  });

  it('says to ask the network when no address is set', async () => {
    setup(buildProfesional());
    const section = await screen.findByRole('region', { name: 'Obras Sociales' });
    expect(section).toHaveTextContent(
      'Si atiende una obra social que no figura aquí, pídale a la red que la agregue.',
    );
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
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

  it('says when neither the address nor the locality is on the map, and a locality chosen is no pin', async () => {
    const { requests } = setup(
      buildProfesional({
        direccion: 'Ruta 9 km 320',
        localidad: 'Funes',
        lat: null,
        long: null,
        ubicacionOrigen: null,
      }),
      // The geocoder knows neither the address nor the town.
      { 'GET /api/geocode': [200, []] },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const notFound =
      'No se encontró la localidad “Funes” en el mapa, que quedó en el centro de Buenos Aires. Elija su localidad en la lista de “Localidad”, o lleve el mapa hasta el consultorio, y márquelo allí.';
    expect(await screen.findByText(notFound, {}, { timeout: 5000 })).toBeInTheDocument();

    // The list knows it: the map goes there, and the notice goes.
    await userEvent.click(screen.getByRole('combobox', { name: 'Localidad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Funes, Santa Fe' }));
    expect(screen.queryByText(notFound)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'El mapa muestra Funes, Santa Fe. Haga clic en el lugar exacto del consultorio: el centro de la localidad no es su ubicación.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await screen.findByRole('dialog', { name: MESSAGES.profesionales.PROFILE_COMPLETED });
    // Where the map looks is not where the office is: no coordinates go out.
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      localidad: 'Funes',
      lat: null,
      long: null,
      ubicacionOrigen: null,
    });
  });

  it('leaves a pin stored without its origin as it is, rather than sending it as an unplaced one', async () => {
    const { requests } = setup(buildProfesional({ ubicacionOrigen: null }));
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.clear(screen.getByLabelText(/Teléfono/));
    await userEvent.type(screen.getByLabelText(/Teléfono/), '011 4444-1111');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await screen.findByRole('dialog', { name: MESSAGES.profesionales.PROFILE_COMPLETED });
    const body = requests.find((r) => r.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ telefono: '011 4444-1111' });
    expect(body).not.toHaveProperty('lat');
    expect(body).not.toHaveProperty('long');
    expect(body).not.toHaveProperty('ubicacionOrigen');
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
