import { emptySchedule, MESSAGES } from '@red-dental/contracts';
import { buildCartillaProfesional as provider } from '@red-dental/testing/responses';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { ANA, BRUNO, PROFILE, setup } from '@/test/cartilla.ts';
import { storeAffiliateSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const cardOf = (name: string) => screen.getByRole('article', { name });

afterEach(() => vi.useRealTimers());

describe('/cartilla', () => {
  it('lists the providers with both filters, each offering all and the sorted values, and clears them', async () => {
    setup();
    expect(await screen.findByRole('article', { name: 'Ana Benítez' })).toBeInTheDocument();
    expect(screen.getByText('2 profesionales')).toBeInTheDocument();
    const especialidad = screen.getByLabelText('Especialidad');
    expect(
      within(especialidad)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas las especialidades', 'Endodoncia', 'Odontología General', 'Ortodoncia']);
    expect(
      within(screen.getByLabelText('Localidad'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas las localidades', 'La Plata', 'Recoleta']);

    await userEvent.selectOptions(especialidad, 'Endodoncia');
    expect(screen.queryByRole('article', { name: 'Ana Benítez' })).not.toBeInTheDocument();
    expect(screen.getByText('1 profesional')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Localidad'), 'Recoleta');
    expect(screen.getByText(MESSAGES.cartilla.NO_RESULTS)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Quitar el filtro de localidad' }));
    await userEvent.click(screen.getByRole('button', { name: 'Quitar el filtro de especialidad' }));
    expect(screen.getByText('2 profesionales')).toBeInTheDocument();
  });

  it("says 'Datos sin confirmar desde {fecha}' once a listing's data are over 180 days old", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T13:30:00Z'));
    storeAffiliateSession();
    mockApi({
      'GET /api/afiliados/profile': PROFILE,
      'GET /api/profesionales/obrasocial': [
        ANA,
        { ...BRUNO, datosConfirmadosAt: '2026-05-01T15:00:00.000Z' },
      ],
    });
    renderApp('/cartilla');
    const ana = await screen.findByRole('article', { name: 'Ana Benítez' });
    expect(within(ana).getByText('Datos verificados al 02/11/2026')).toBeInTheDocument();
    const bruno = screen.getByRole('article', { name: 'Bruno Díaz' });
    expect(within(bruno).getByText('Datos sin confirmar desde 01/05/2026')).toBeInTheDocument();
    expect(within(bruno).queryByText(/Datos verificados/)).not.toBeInTheDocument();
  });

  it('shows the address on a closed card and the details on an open one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T13:30:00Z'));
    setup();
    const card = await screen.findByRole('article', { name: 'Ana Benítez' });
    expect(within(card).getByText('Av. Santa Fe 1234')).toBeInTheDocument();
    expect(within(card).queryByText('Teléfono')).not.toBeVisible();
    expect(within(card).getByText('Datos verificados al 02/11/2026')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: /Ana Benítez/ }));
    expect(within(card).getByRole('button', { name: /Ana Benítez/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(card).getByText('Teléfono')).toBeVisible();
    expect(within(card).getByText('011 4823-5510')).toBeVisible();
    expect(within(card).getByText('Piso/Depto./Extra')).toBeVisible();
    expect(within(card).getByText('3° B')).toBeVisible();
    expect(within(card).getByText('Odontología General, Ortodoncia')).toBeVisible();
  });

  it("opens 'Horarios - {name}' read-only, days in order with Dom./Fer., and 'Guardias - {name}'", async () => {
    setup();
    const card = await screen.findByRole('article', { name: 'Ana Benítez' });
    await userEvent.click(within(card).getByRole('button', { name: /Ana Benítez/ }));
    await userEvent.click(within(card).getByRole('button', { name: 'Horarios' }));
    const horarios = await screen.findByRole('dialog', { name: 'Horarios - Ana Benítez' });
    const days = within(horarios)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(days).toEqual(['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Dom./Fer.']);
    expect(within(horarios).getByText('09:00 - 13:00')).toBeInTheDocument();
    expect(within(horarios).getAllByText('No disponible')).toHaveLength(6);
    await userEvent.click(within(horarios).getByRole('button', { name: /Cerrar/ }));

    await userEvent.click(within(card).getByRole('button', { name: 'Guardias' }));
    const guardias = await screen.findByRole('dialog', { name: 'Guardias - Ana Benítez' });
    expect(within(guardias).getByText('No disponible')).toBeInTheDocument();
  });

  it("shows a night on call as one guard, 'Viernes 22:00 a sábado 06:00', on call in its last minute before midnight", async () => {
    // Friday 27 November 2026, 23:59:30 in Buenos Aires.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T02:59:30Z'));
    const nocturna = provider(5, {
      nombre: 'Carla Nocturna',
      guardias: {
        ...emptySchedule(),
        L: { enabled: true, times: [{ start: '09:00', end: '12:00' }] },
        V: { enabled: true, times: [{ start: '22:00', end: '23:59' }] },
        S: { enabled: true, times: [{ start: '00:00', end: '06:00' }] },
      },
    });
    setup({ 'GET /api/profesionales/obrasocial': [nocturna] });
    const card = await screen.findByRole('article', { name: 'Carla Nocturna' });
    expect(within(card).getByText('De guardia ahora')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /Carla Nocturna/ }));
    await userEvent.click(within(card).getByRole('button', { name: 'Guardias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardias - Carla Nocturna' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lunes 09:00 a 12:00', 'Viernes 22:00 a sábado 06:00']);
  });

  it("filters 'De guardia ahora', 'Atiende ahora' and 'Acepta nuevos pacientes' on Buenos Aires' clock, and shows absences", async () => {
    // Monday 23 November 2026, 10:30 in Buenos Aires.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T13:30:00Z'));
    setup();
    await screen.findByRole('article', { name: 'Ana Benítez' });
    expect(within(cardOf('Ana Benítez')).getByText('Atiende ahora')).toBeInTheDocument();
    expect(within(cardOf('Ana Benítez')).queryByText(/Ausente hasta/)).not.toBeInTheDocument();
    expect(within(cardOf('Bruno Díaz')).getByText('De guardia ahora')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'De guardia ahora' }));
    expect(screen.queryByRole('article', { name: 'Ana Benítez' })).not.toBeInTheDocument();
    expect(cardOf('Bruno Díaz')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'De guardia ahora' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Atiende ahora' }));
    expect(screen.queryByRole('article', { name: 'Bruno Díaz' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Atiende ahora' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Acepta nuevos pacientes' }));
    expect(screen.queryByRole('article', { name: 'Bruno Díaz' })).not.toBeInTheDocument();
    expect(cardOf('Ana Benítez')).toBeInTheDocument();
  });

  it("shows 'Ausente hasta {d/mm}' during an absence, and the office is not open then", async () => {
    // Wednesday 25 November 2026, 10:30 in Buenos Aires.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T13:30:00Z'));
    setup();
    const card = await screen.findByRole('article', { name: 'Ana Benítez' });
    expect(within(card).getByText(/Ausente hasta 5\/12/)).toBeInTheDocument();
    expect(within(card).queryByText('Atiende ahora')).not.toBeInTheDocument();
  });

  it("sorts 'Cerca mío' by distance, and explains a refused permission", async () => {
    let allow = false;
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
          allow
            ? ok({ coords: { latitude: -34.92, longitude: -57.95 } } as GeolocationPosition)
            : fail({ code: 1 } as GeolocationPositionError),
      },
    });
    setup();
    await screen.findByRole('article', { name: 'Ana Benítez' });
    await userEvent.click(screen.getByRole('button', { name: 'Cerca mío' }));
    expect(await screen.findByText(MESSAGES.cartilla.GEOLOCATION_DENIED)).toBeInTheDocument();

    allow = true;
    await userEvent.click(screen.getByRole('button', { name: 'Cerca mío' }));
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
        'profesional-2-nombre',
        'profesional-1-nombre',
      ]),
    );
    expect(within(cardOf('Bruno Díaz')).getByText(/a 0,3 km/)).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  // 120 cards make a large DOM for jsdom, and role queries walk all of it: given room on a busy machine.
  it('draws a long directory a step at a time', { timeout: 20_000 }, async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      provider(100 + i, { nombre: `Profesional ${String(i + 1).padStart(3, '0')}` }),
    );
    setup({ 'GET /api/profesionales/obrasocial': many });
    expect(await screen.findByText('120 profesionales')).toBeInTheDocument();
    const cards = () => document.querySelectorAll('article');
    expect(cards()).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar más (108 profesionales más)' }));
    expect(cards()).toHaveLength(62);
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar más (58 profesionales más)' }));
    expect(cards()).toHaveLength(112);
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar más (8 profesionales más)' }));
    expect(cards()).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /Mostrar más/ })).not.toBeInTheDocument();
  });

  it('makes the printed list, every provider of the filtered list, only when printing', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      provider(100 + i, { nombre: `Profesional ${String(i + 1).padStart(3, '0')}` }),
    );
    setup({ 'GET /api/profesionales/obrasocial': many });
    expect(await screen.findByText('30 profesionales')).toBeInTheDocument();
    const printed = () => document.querySelectorAll('ol[aria-hidden="true"] > li');
    expect(printed()).toHaveLength(0);
    // The browser lays out the printout right after this event: the list is there by then.
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
      expect(printed()).toHaveLength(30);
    });
    expect(printed()[29]).toHaveTextContent('Profesional 030');
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(printed()).toHaveLength(0);
  });

  it("says 'No se encontraron profesionales para esta especialidad' for an empty directory", async () => {
    setup({ 'GET /api/profesionales/obrasocial': [] });
    expect(await screen.findByText(MESSAGES.cartilla.NO_RESULTS)).toBeInTheDocument();
  });
});
