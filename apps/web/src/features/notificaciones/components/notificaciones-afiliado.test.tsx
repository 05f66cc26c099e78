import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { storeAffiliateSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const LINK = '/api/files/notificaciones/2026/11/a.pdf?s=a.3&e=1&n=a.pdf&sig=x';

function stopNavigation(event: MouseEvent) {
  if ((event.target as Element).closest('a[target=_blank]')) event.preventDefault();
}
beforeEach(() => document.addEventListener('click', stopNavigation));
afterEach(() => document.removeEventListener('click', stopNavigation));

describe('/notificaciones-afiliado', () => {
  it('asks for an e-mail in the profile when there are no notifications', async () => {
    storeAffiliateSession();
    const { requests } = mockApi({ 'GET /api/notificaciones/afiliados': { rows: [], rowCount: 0 } });
    renderApp('/notificaciones-afiliado');
    expect(
      await screen.findByText(/Ingrese su email en Mi Perfil para recibir notificaciones y novedades/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mi Perfil' })).toHaveAttribute('href', '/perfil-afiliado');
    const list = requests.find((r) => r.url.pathname === '/api/notificaciones/afiliados')!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      pageIndex: '0',
      pageSize: '10',
      search: '',
    });
  });

  it('lists them with unread ones in bold and the padded month; VER opens the PDF and marks it read', async () => {
    storeAffiliateSession();
    let open = false;
    const { requests } = mockApi({
      'GET /api/notificaciones/afiliados': () => ({
        rows: [
          {
            id: 7,
            title: 'Control anual',
            category: 'Afiliados',
            createdAt: '2026-02-09T15:00:00.000Z',
            open,
            message: [LINK],
          },
        ],
        rowCount: 1,
      }),
      'PUT /api/notificaciones/read': () => {
        open = true;
        return [204];
      },
    });
    renderApp('/notificaciones-afiliado');
    expect(await screen.findByRole('heading', { name: 'Notificaciones', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Notificaciones' });
    await within(table).findByText(/Control anual/);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveClass(/unread/);
    // Unread is said in words too, for a screen reader.
    expect(within(row).getByText('(no leída)')).toHaveClass('sr-only');
    expect(within(row).getByText('9-02-2026')).toBeInTheDocument();
    const ver = within(row).getByRole('link', { name: /Ver Control anual/ });
    expect(ver).toHaveAttribute('href', LINK);
    await userEvent.click(ver);
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).not.toHaveClass(/unread/));
    expect(within(table).queryByText('(no leída)')).not.toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ notificacionId: 7 });
  });
});
