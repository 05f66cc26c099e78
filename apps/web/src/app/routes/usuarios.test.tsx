import { MESSAGES, type UsuarioRow } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { setScreenWidth } from '@/test/media-query.ts';
import { renderApp } from '@/test/render-app.tsx';

const ROLES = [
  { id: 1, name: 'ADMINISTRADOR', permissions: [], usuarios: 1, predeterminado: true },
  { id: 2, name: 'ADMINISTRATIVO', permissions: [], usuarios: 3, predeterminado: true },
  { id: 3, name: 'PRESTADOR', permissions: [], usuarios: 9, predeterminado: true },
];

function usuario(id: number, overrides: Partial<UsuarioRow> = {}): UsuarioRow {
  return {
    id,
    email: `persona${id}@reddental.com.ar`,
    nombre: `Persona ${id}`,
    tipo: 'personal',
    status: 'active',
    roles: [{ id: 2, name: 'ADMINISTRATIVO' }],
    lastLoginAt: '2026-11-20T12:00:00.000Z',
    createdAt: '2026-10-01T12:00:00.000Z',
    ...overrides,
  };
}

const MARTA = usuario(10, { nombre: 'Marta Quiroga' });
const INVITADO = usuario(11, { nombre: 'Julián Sosa', status: 'invited', lastLoginAt: null });
const BAJA = usuario(12, { nombre: 'Rosa Díaz', status: 'inactive' });

function admin() {
  const user = makeSessionUser('ADMINISTRADOR', { id: 1 });
  storeStaffSession(user);
  return { 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {}, 'GET /api/roles': ROLES };
}

const rowOf = async (name: string) =>
  (await within(await screen.findByRole('table', { name: 'Usuarios' })).findByText(name)).closest('tr')!;

describe('/usuarios', () => {
  afterEach(() => vi.restoreAllMocks());

  it('on a phone shows each account as a card: the name, its data and its buttons together, nothing behind a tap', async () => {
    setScreenWidth('small');
    mockApi({ ...admin(), 'GET /api/user/paginated': { rows: [MARTA, INVITADO], rowCount: 2 } });
    renderApp('/usuarios');
    const marta = await rowOf('Marta Quiroga');
    const card = within(marta).getAllByRole('cell');
    expect(card).toHaveLength(1);
    expect(card[0]).toHaveTextContent('persona10@reddental.com.ar');
    expect(card[0]).toHaveTextContent('RolesADMINISTRATIVO');
    expect(card[0]).toHaveTextContent('EstadoActivo');
    expect(card[0]).toHaveTextContent('Último ingreso20/11/2026');
    for (const name of ['Roles de Marta Quiroga', 'Enviar enlace', 'Desactivar'])
      expect(within(card[0]!).getByRole('button', { name })).toBeInTheDocument();
    expect(
      within(await rowOf('Julián Sosa')).getByRole('button', { name: 'Reenviar invitación' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver todas las columnas' })).not.toBeInTheDocument();
  });

  it('lists the accounts with roles, state and last sign-in, and searches', async () => {
    const { requests } = mockApi({
      ...admin(),
      'GET /api/user/paginated': {
        rows: [
          MARTA,
          INVITADO,
          BAJA,
          usuario(1, { nombre: 'Yo', roles: [{ id: 1, name: 'ADMINISTRADOR' }] }),
        ],
        rowCount: 4,
      },
    });
    const { router } = renderApp('/usuarios');
    const marta = await rowOf('Marta Quiroga');
    expect(marta).toHaveTextContent('persona10@reddental.com.ar');
    expect(marta).toHaveTextContent('ADMINISTRATIVO');
    expect(marta).toHaveTextContent('Activo');
    expect(marta).toHaveTextContent('20/11/2026');
    expect(await rowOf('Julián Sosa')).toHaveTextContent('InvitadoNunca');
    expect(screen.getByText('4 cuentas')).toBeInTheDocument();
    // One's own account offers neither roles nor deactivation.
    const own = await rowOf('Yo');
    expect(within(own).queryByRole('button', { name: /Roles|Desactivar/ })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Buscar por nombre o email'), 'quiroga{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=quiroga'));
    await waitFor(() =>
      expect(requests.some((r) => r.url.searchParams.get('search') === 'quiroga')).toBe(true),
    );
  });

  it('invites a staff member with the roles chosen, checking the form first', async () => {
    const { requests } = mockApi({
      ...admin(),
      'GET /api/user/paginated': { rows: [MARTA], rowCount: 1 },
      'POST /api/user/invitaciones': ({ body }: MockRequest) => [
        201,
        { id: 20, message: MESSAGES.usuarios.INVITED((body as { email: string }).email) },
      ],
    });
    renderApp('/usuarios');
    await userEvent.click(await screen.findByRole('button', { name: 'Invitar' }));
    const dialog = screen.getByRole('dialog', { name: 'Invitar a una persona del personal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(await within(dialog).findByText(MESSAGES.usuarios.NOMBRE_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.usuarios.ROLES_REQUIRED)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Lucía Herrera');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'lucia@reddental.com.ar');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ADMINISTRATIVO' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      MESSAGES.usuarios.INVITED('lucia@reddental.com.ar'),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      nombre: 'Lucía Herrera',
      email: 'lucia@reddental.com.ar',
      roles: [2],
    });
  });

  it("changes another account's roles and shows the server's refusal", async () => {
    mockApi({
      ...admin(),
      'GET /api/user/paginated': { rows: [MARTA], rowCount: 1 },
      'PUT /api/user/10/roles': [409, { error: MESSAGES.usuarios.LAST_ADMIN }],
    });
    renderApp('/usuarios');
    await userEvent.click(
      await within(await rowOf('Marta Quiroga')).findByRole('button', { name: 'Roles de Marta Quiroga' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Roles de Marta Quiroga' });
    expect(within(dialog).getByRole('checkbox', { name: 'ADMINISTRATIVO' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ADMINISTRATIVO' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.usuarios.ROLES_REQUIRED);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ADMINISTRADOR' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.usuarios.LAST_ADMIN);
  });

  it('deactivates after saying what happens, and offers reactivation and a new invitation', async () => {
    const { requests } = mockApi({
      ...admin(),
      'GET /api/user/paginated': { rows: [MARTA, INVITADO, BAJA], rowCount: 3 },
      'PUT /api/user/10/estado': { message: MESSAGES.usuarios.DEACTIVATED(MARTA.email) },
    });
    renderApp('/usuarios');
    await userEvent.click(
      await within(await rowOf('Marta Quiroga')).findByRole('button', { name: 'Desactivar' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Desactivar cuenta' });
    expect(dialog).toHaveTextContent('sus sesiones abiertas se cierran ahora');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.usuarios.DEACTIVATED(MARTA.email));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ activo: false });

    expect(within(await rowOf('Rosa Díaz')).getByRole('button', { name: 'Reactivar' })).toBeInTheDocument();
    expect(
      within(await rowOf('Julián Sosa')).getByRole('button', { name: 'Reenviar invitación' }),
    ).toBeInTheDocument();
  });

  it('offers nothing but the list to who may only see it', async () => {
    const user = makeSessionUser({ permissions: ['BACKOFFICE_ACCESS', 'USERS.GET'] });
    storeStaffSession(user);
    mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      'GET /api/user/paginated': { rows: [MARTA], rowCount: 1 },
    });
    renderApp('/usuarios');
    const marta = await rowOf('Marta Quiroga');
    expect(within(marta).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invitar' })).not.toBeInTheDocument();
  });
});
