import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const LINK = '/api/files/notificaciones/2026/11/a.pdf?s=u.1.0&e=1&n=a.pdf&sig=x';

const NOTIFICACIONES = [
  {
    id: 2,
    title: 'Nuevos valores',
    category: 'Actualización de valores',
    createdAt: '2026-03-05T15:00:00.000Z',
    open: false,
    message: [LINK],
  },
  {
    id: 1,
    title: 'Consentimiento informado',
    category: 'Documentación',
    createdAt: '2026-11-20T12:00:00.000Z',
    open: true,
    message: [LINK],
  },
];

/** Links open in a new tab; jsdom cannot navigate, so the click stops at the app's own handler. */
function stopNavigation(event: MouseEvent) {
  if ((event.target as Element).closest('a[target=_blank]')) event.preventDefault();
}
beforeEach(() => document.addEventListener('click', stopNavigation));
afterEach(() => document.removeEventListener('click', stopNavigation));

describe('/notificaciones for a professional', () => {
  it('shows the categories with unread badges, bold unread rows and the read tick; VER opens the file and marks it read', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    let unread: Record<string, number> = { 'Actualización de valores': 1 };
    let rows = NOTIFICACIONES;
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': () => unread,
      'GET /api/notificaciones/by-id': () => ({ rows, rowCount: rows.length }),
      'PUT /api/notificaciones/read': () => {
        unread = {};
        rows = rows.map((r) => ({ ...r, open: true }));
        return [204];
      },
    });
    renderApp('/notificaciones');

    const table = await screen.findByRole('table', { name: 'Notificaciones' });
    const categories = screen.getByRole('navigation', { name: 'Categorías' });
    expect(within(categories).queryByRole('button', { name: /^Afiliados/ })).not.toBeInTheDocument();
    expect(
      await within(categories).findByRole('button', { name: 'Actualización de valores 1 sin leer' }),
    ).toBeInTheDocument();
    expect(within(categories).getByRole('button', { name: 'Todas 1 sin leer' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(
      screen.getByRole('link', { name: /Notificaciones \(tiene notificaciones sin leer\)/ }),
    ).toBeInTheDocument();

    await within(table).findByText('Nuevos valores');
    const [unreadRow, readRow] = within(table).getAllByRole('row').slice(1);
    expect(unreadRow).toHaveClass(/unread/);
    expect(within(unreadRow!).getByText('5-03-2026')).toBeInTheDocument();
    expect(within(unreadRow!).getByText('No leída')).toBeInTheDocument();
    expect(readRow).not.toHaveClass(/unread/);
    expect(within(readRow!).getByText('Leída')).toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Crear Notificacion/ })).not.toBeInTheDocument();

    const ver = within(unreadRow!).getByRole('link', { name: /Ver Nuevos valores/ });
    expect(ver).toHaveAttribute('href', LINK);
    expect(ver).toHaveAttribute('target', '_blank');
    await userEvent.click(ver);
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ notificacionId: 2 });
    // The row and the sidebar follow: nothing unread any more.
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).not.toHaveClass(/unread/));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: /tiene notificaciones sin leer/ })).not.toBeInTheDocument(),
    );
  });

  it('filters by the category chosen, from the first page', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      'GET /api/notificaciones/by-id': { rows: [], rowCount: 0 },
    });
    renderApp('/notificaciones');
    await userEvent.click(await screen.findByRole('button', { name: 'Documentación' }));
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('search')).toBe('Documentación'));
    expect(Object.fromEntries(requests.at(-1)!.url.searchParams)).toEqual({
      pageIndex: '0',
      pageSize: '10',
      search: 'Documentación',
    });
    expect(screen.getByRole('heading', { name: 'Documentación' })).toBeInTheDocument();
  });
});

describe('/notificaciones for staff', () => {
  const STAFF_ROWS = NOTIFICACIONES.map((n, i) => ({
    ...n,
    open: true,
    destinatario: i === 0 ? 'profesionales' : 'afiliados',
    recipientCount: 2,
    readCount: 1,
  }));

  it("lists every notification from page 1 with 'Leída por X de N', its recipients, and the create button", async () => {
    const user = makeSessionUser('ADMINISTRATIVO');
    storeStaffSession(user);
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones': { rows: STAFF_ROWS, rowCount: 2 },
      'GET /api/notificaciones/2/destinatarios': {
        rows: [
          {
            tipo: 'profesionales',
            nombre: 'Laura Gómez',
            detalle: 'laura@example.com',
            readAt: '2026-03-06T15:00:00.000Z',
          },
          { tipo: 'profesionales', nombre: 'Martín Díaz', detalle: 'martin@example.com', readAt: null },
        ],
        rowCount: 2,
      },
    });
    renderApp('/notificaciones');
    const table = await screen.findByRole('table', { name: 'Notificaciones' });
    // The table is drawn while its page loads: its rows say the list was asked for.
    const readBy = await within(table).findAllByRole('button', { name: 'Leída por 1 de 2' });
    const list = requests.find((r) => r.url.pathname === '/api/notificaciones')!;
    expect(list.url.searchParams.get('pageIndex')).toBe('1');
    expect(requests.some((r) => r.url.pathname === '/api/notificaciones/unread')).toBe(false);
    expect(
      within(screen.getByRole('navigation', { name: 'Categorías' })).getByRole('button', {
        name: 'Afiliados',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear Notificacion' })).toHaveAttribute(
      'href',
      '/notificaciones/crear-notificacion',
    );

    await userEvent.click(readBy[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevos valores' });
    expect(await within(dialog).findByText('Laura Gómez')).toBeInTheDocument();
    expect(within(dialog).getByText('6-03-2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Sin leer')).toBeInTheDocument();
  });

  it("deletes the selected notifications with the spec's messages", async () => {
    const user = makeSessionUser('ADMINISTRATIVO');
    storeStaffSession(user);
    let fail = true;
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones': { rows: STAFF_ROWS, rowCount: 2 },
      'DELETE /api/notificaciones': () => (fail ? [500, { error: 'x', code: 'ERROR_INTERNO' }] : [204]),
    });
    renderApp('/notificaciones');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Nuevos valores' }));
    expect(screen.getByRole('button', { name: 'Eliminar Seleccionados' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Seleccionados' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await screen.findByText('Hubo un error al eliminar las notificaciones')).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Nuevos valores' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Consentimiento informado' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Seleccionados' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await screen.findByText('Se eliminaron correctamente las notificaciones')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').at(-1)!.body).toEqual({ ids: [2, 1] });
  });
});
