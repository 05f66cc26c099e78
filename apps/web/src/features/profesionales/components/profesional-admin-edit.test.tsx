import { MESSAGES, type Profesional } from '@red-dental/contracts';
import { buildProfesional, ESPECIALIDADES_RESPONSE as ESPECIALIDADES } from '@red-dental/testing/responses';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const ZONAS = [
  { id: 3, nombre: 'Norte', numero: 3 },
  { id: 4, nombre: 'Sur', numero: 4 },
];
const OBRAS_SOCIALES = [
  { id: 10, nombre: 'OSDE' },
  { id: 11, nombre: 'Swiss Medical' },
];

/** An administrator on /profesionales/edit/7, with the API answering from `record`. */
function setup(extra: Parameters<typeof mockApi>[0] = {}, record: Profesional = buildProfesional()) {
  const user = makeSessionUser('ADMINISTRADOR');
  storeStaffSession(user);
  let current = record;
  const api = mockApi({
    'GET /api/user/me': user,
    'GET /api/notificaciones/unread': {},
    'GET /api/especialidades': ESPECIALIDADES,
    'GET /api/obra-sociales/list': OBRAS_SOCIALES,
    'GET /api/zonas': ZONAS,
    'GET /api/profesionales/7': () => current,
    'PUT /api/profesionales/7': ({ body }: MockRequest) => {
      const b = body as Record<string, unknown>;
      current = {
        ...current,
        telefono: b.telefono as string,
        obrasSociales: OBRAS_SOCIALES.filter((o) =>
          (b.obrasSociales as { id: number }[]).some((r) => r.id === o.id),
        ),
        guardias: b.guardias as Profesional['guardias'],
      };
      return current;
    },
    'PUT /api/profesionales/zonas-os/7': ({ body }: MockRequest) => {
      const zonaId = (body as { zonaId: number }).zonaId;
      current = {
        ...current,
        zonas: [...ZONAS, { id: 5, nombre: 'Oeste', numero: 12 }].filter((z) => z.id === zonaId),
      };
      return current;
    },
    ...extra,
  });
  renderApp('/profesionales/edit/7');
  return api;
}

const puts = (requests: MockRequest[], path: string) =>
  requests.filter((r) => r.method === 'PUT' && r.url.pathname === path);

describe('/profesionales/edit/{id}', () => {
  it('shows the record read-only until Editar, with a back arrow to the list', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Laura Benítez', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Volver a Profesionales/ })).toHaveAttribute(
      'href',
      '/profesionales',
    );
    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Zona')).toBeDisabled();
    expect(screen.getByLabelText('Zona')).toHaveDisplayValue('3 - Norte');
    expect(screen.getByText('Datos confirmados por el profesional el 02/11/2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar zona' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Editar' }));
    expect(screen.getByLabelText('Teléfono')).not.toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'OSDE' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Swiss Medical' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Agregar zona' })).toBeInTheDocument();
  });

  it('saves the record and then the chosen zone, and says so', async () => {
    const { requests } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.clear(screen.getByLabelText('Teléfono'));
    await userEvent.type(screen.getByLabelText('Teléfono'), '011 5555-0000');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Swiss Medical' }));
    await userEvent.selectOptions(screen.getByLabelText('Zona'), '4 - Sur');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    const dialog = await screen.findByRole('dialog', { name: MESSAGES.profesionales.SAVED });
    const [put] = puts(requests, '/api/profesionales/7');
    expect(put?.body).toMatchObject({
      telefono: '011 5555-0000',
      obrasSociales: [{ id: 10 }, { id: 11 }],
      especialidades: [{ id: 1 }],
    });
    expect(put?.body).not.toHaveProperty('zonaId');
    expect(puts(requests, '/api/profesionales/zonas-os/7')[0]?.body).toEqual({ zonaId: 4 });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Teléfono')).toHaveValue('011 5555-0000');
    expect(screen.getByLabelText('Zona')).toHaveDisplayValue('4 - Sur');
  });

  it('leaves the zone alone when it was not changed', async () => {
    const { requests } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.type(screen.getByLabelText('Teléfono'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByRole('dialog', { name: MESSAGES.profesionales.SAVED });
    expect(puts(requests, '/api/profesionales/zonas-os/7')).toHaveLength(0);
  });

  it("opens 'Guardias' when GUARDIAS is ticked, and Continuar keeps the on-call hours for the save", async () => {
    const { requests } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'GUARDIAS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardias' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Sábado' }));
    expect(within(dialog).getByLabelText('Sábado, inicio del horario 1')).toHaveValue('09:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(screen.queryByRole('dialog', { name: 'Guardias' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByRole('dialog', { name: MESSAGES.profesionales.SAVED });
    expect(puts(requests, '/api/profesionales/7')[0]?.body).toMatchObject({
      especialidades: [{ id: 1 }, { id: 9 }],
      guardias: { S: { enabled: true, times: [{ start: '09:00', end: '17:00' }] } },
    });
  });

  it("keeps 'Guardias' open on a range ending before it starts, and 'Guardar cambios' opens it on that day", async () => {
    const { requests } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Horarios de Guardias' }));
    let dialog = await screen.findByRole('dialog', { name: 'Guardias' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Dom./Fer.' }));
    fireEvent.change(within(dialog).getByLabelText('Dom./Fer., inicio del horario 1'), {
      target: { value: '22:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Dom./Fer., fin del horario 1'), {
      target: { value: '06:00' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText(MESSAGES.schedule.ORDER)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Guardias' })).toBe(dialog);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Guardias' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    dialog = await screen.findByRole('dialog', { name: 'Guardias' });
    const start = within(dialog).getByLabelText('Dom./Fer., inicio del horario 1');
    await waitFor(() => expect(start).toHaveFocus());
    expect(start).toHaveAccessibleDescription(MESSAGES.schedule.ORDER);
    expect(puts(requests, '/api/profesionales/7')).toHaveLength(0);
  });

  it("shows the on-call hours read-only from the 'Horarios de Guardias' link in view mode", async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Horarios de Guardias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardias' });
    expect(within(dialog).getAllByText('No disponible')).toHaveLength(7);
    expect(within(dialog).queryByRole('button', { name: 'Continuar' })).not.toBeInTheDocument();
  });

  it("creates a zone in 'Nueva zona' and chooses it", async () => {
    const { requests } = setup({
      'POST /api/zonas': ({ body }: MockRequest) => [201, { id: 5, ...(body as object) }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Agregar zona' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva zona' });
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Oeste');
    await userEvent.type(within(dialog).getByLabelText('Número'), '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear zona' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva zona' })).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ nombre: 'Oeste', numero: 12 });

    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByRole('dialog', { name: MESSAGES.profesionales.SAVED });
    expect(puts(requests, '/api/profesionales/zonas-os/7')[0]?.body).toEqual({ zonaId: 5 });
  });

  it("says 'Error al crear la nueva zona' and why when the number is taken", async () => {
    setup({
      'POST /api/zonas': [
        409,
        {
          error: MESSAGES.zonas.NUMERO_TAKEN,
          fields: { numero: MESSAGES.zonas.NUMERO_TAKEN },
        },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Agregar zona' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva zona' });
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Norte bis');
    await userEvent.type(within(dialog).getByLabelText('Número'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear zona' }));
    expect(await within(dialog).findByText(MESSAGES.zonas.CREATE_FAILED)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.zonas.NUMERO_TAKEN)).toBeInTheDocument();
  });

  it("adds the server's reason to 'Error al crear la nueva zona' when no field can show it", async () => {
    setup({ 'POST /api/zonas': [409, { error: MESSAGES.zonas.NUMERO_TAKEN }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Agregar zona' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva zona' });
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Norte bis');
    await userEvent.type(within(dialog).getByLabelText('Número'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear zona' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `${MESSAGES.zonas.CREATE_FAILED}: ${MESSAGES.zonas.NUMERO_TAKEN}`,
    );
  });

  it("refuses overlapping office hours before sending, and shows 'Error al guardar los cambios' when the server refuses", async () => {
    const { requests } = setup({
      'PUT /api/profesionales/7': [
        400,
        { error: 'El email no es válido', fields: { email: 'El email no es válido' } },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Agregar horario al Lunes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    // Said beside the button, and at the day, which takes the focus.
    expect(
      await screen.findByText(`Horarios de atención, Lunes: ${MESSAGES.schedule.OVERLAP}`),
    ).toBeInTheDocument();
    const lunes = screen.getByLabelText('Lunes, inicio del horario 1');
    await waitFor(() => expect(lunes).toHaveFocus());
    expect(lunes).toHaveAccessibleDescription(MESSAGES.schedule.OVERLAP);
    expect(puts(requests, '/api/profesionales/7')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Quitar horario 2 del Lunes' }));
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(MESSAGES.profesionales.SAVE_FAILED)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('El email no es válido');
  });

  it('Cancelar reloads the record and drops the changes', async () => {
    const { requests } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.clear(screen.getByLabelText('Teléfono'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByLabelText('Teléfono')).toHaveAttribute('readonly'));
    expect(screen.getByLabelText('Teléfono')).toHaveValue('011 4823-5510');
    expect(
      requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/profesionales/7'),
    ).toHaveLength(2);
  });

  it("verifies the licence with 'Verificar matrícula'", async () => {
    const { requests } = setup({
      'POST /api/profesionales/7/verificar-matricula': buildProfesional({
        matriculaVerificadaAt: '2026-11-23T13:00:00.000Z',
        matriculaVerificadaPor: 'admin@reddental.com.ar',
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verificar matrícula' }));
    expect(
      await screen.findByText('Matrícula verificada el 23/11/2026 por admin@reddental.com.ar.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verificar matrícula' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(true);
  });

  it("sends 'Enviar recordatorio' and says when one went out too recently", async () => {
    let sent = 0;
    setup({
      'POST /api/profesionales/7/recordatorio': () =>
        ++sent === 1
          ? [201, { enviadoAt: '2026-11-28T12:00:00.000Z' }]
          : [409, { error: MESSAGES.profesionales.RECORDATORIO_RECIENTE('28/11/2026', '28/12/2026') }],
    });
    await screen.findByRole('heading', { name: 'Laura Benítez', level: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar recordatorio' }));
    expect(
      await screen.findByText(MESSAGES.profesionales.RECORDATORIO_SENT('Laura Benítez')),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar recordatorio' }));
    expect(
      await screen.findByText(MESSAGES.profesionales.RECORDATORIO_RECIENTE('28/11/2026', '28/12/2026')),
    ).toBeInTheDocument();
  });
});
