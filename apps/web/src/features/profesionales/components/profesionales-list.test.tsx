import { MESSAGES } from '@red-dental/contracts';
import { buildProfesionalRow } from '@red-dental/testing/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const LAURA = buildProfesionalRow(4, {
  nombre: 'Laura Benítez',
  razonSocial: 'Consultorio Odontológico Benítez',
  telefono: '011 4823-5510',
  especialidades: [
    { id: 1, nombre: 'Odontología General' },
    { id: 2, nombre: 'Ortodoncia' },
  ],
});

function signedIn(role: 'ADMINISTRADOR' | 'ADMINISTRATIVO') {
  const user = makeSessionUser(role);
  storeStaffSession(user);
  return { 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} };
}

describe('/profesionales', () => {
  it('lists the professionals with the columns of the spec and links each to its profile', async () => {
    mockApi({
      ...signedIn('ADMINISTRADOR'),
      'GET /api/profesionales/paginated': { rows: [LAURA], rowCount: 1 },
    });
    renderApp('/profesionales');
    const table = await screen.findByRole('table', { name: 'Profesionales' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nombre', 'Especialidad', 'Razón Social', 'Teléfono', 'Editar', 'Eliminar']);
    const row = (await within(table).findByText('Laura Benítez')).closest('tr')!;
    expect(row).toHaveTextContent('Odontología General, Ortodoncia');
    expect(within(row).getByRole('link', { name: 'Editar a Laura Benítez' })).toHaveAttribute(
      'href',
      '/profesionales/edit/4',
    );
    expect(screen.getByRole('link', { name: 'Solicitudes' })).toHaveAttribute(
      'href',
      '/profesionales/solicitudes',
    );
  });

  it('searches on Enter and keeps the search in the address', async () => {
    const { requests } = mockApi({
      ...signedIn('ADMINISTRADOR'),
      'GET /api/profesionales/paginated': { rows: [], rowCount: 0 },
    });
    const { router } = renderApp('/profesionales');
    await userEvent.type(await screen.findByLabelText('Buscar profesional'), 'benitez{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=benitez'));
    await waitFor(() =>
      expect(requests.some((r) => r.url.searchParams.get('search') === 'benitez')).toBe(true),
    );
  });

  it('asks before deleting, then deletes and says so', async () => {
    const { requests } = mockApi({
      ...signedIn('ADMINISTRADOR'),
      'GET /api/profesionales/paginated': { rows: [LAURA], rowCount: 1 },
      'DELETE /api/profesionales/4': [204],
    });
    renderApp('/profesionales');
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar a Laura Benítez' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmar eliminación' });
    expect(dialog).toHaveTextContent(MESSAGES.profesionales.DELETE_CONFIRM);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Se eliminó a Laura Benítez');
    expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/profesionales/4')).toBe(
      true,
    );
  });

  it('offers neither requests nor deletion to staff without those permissions', async () => {
    mockApi({
      ...signedIn('ADMINISTRATIVO'),
      'GET /api/profesionales/paginated': { rows: [LAURA], rowCount: 1 },
    });
    renderApp('/profesionales');
    await screen.findByText('Laura Benítez');
    expect(screen.queryByRole('link', { name: 'Solicitudes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar a Laura Benítez' })).not.toBeInTheDocument();
  });

  it('shows only the providers with data over 90 days old when the dashboard asks, each with a reminder to send', async () => {
    const { requests } = mockApi({
      ...signedIn('ADMINISTRATIVO'),
      'GET /api/profesionales/paginated': { rows: [LAURA], rowCount: 1 },
      'POST /api/profesionales/4/recordatorio': [201, { enviadoAt: '2026-11-28T12:00:00.000Z' }],
    });
    renderApp('/profesionales?sinConfirmar=1');
    expect(
      await screen.findByText('Solo los profesionales que no confirman sus datos hace más de 90 días.'),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Profesionales' });
    await within(table).findByText('Laura Benítez');
    expect(
      requests
        .find((r) => r.url.pathname === '/api/profesionales/paginated')!
        .url.searchParams.get('sinConfirmar'),
    ).toBe('1');
    await userEvent.click(within(table).getByRole('button', { name: 'Enviar recordatorio a Laura Benítez' }));
    expect(
      await screen.findByText(MESSAGES.profesionales.RECORDATORIO_SENT('Laura Benítez')),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver todos' }));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.url.pathname === '/api/profesionales/paginated')
          .at(-1)!
          .url.searchParams.has('sinConfirmar'),
      ).toBe(false),
    );
  });
});
