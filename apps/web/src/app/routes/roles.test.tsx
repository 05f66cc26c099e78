import { MESSAGES, PERMISSION_HELP } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { setScreenWidth } from '@/test/media-query.ts';
import { renderApp } from '@/test/render-app.tsx';

const ROLES = [
  { id: 1, name: 'ADMINISTRADOR', permissions: ['USERS.GET'], usuarios: 2, predeterminado: true },
  {
    id: 2,
    name: 'ADMINISTRATIVO',
    permissions: ['AFILIADOS.GET', 'BACKOFFICE_ACCESS'],
    usuarios: 3,
    predeterminado: true,
  },
  { id: 4, name: 'AUDITOR', permissions: ['AFILIADOS.GET'], usuarios: 0, predeterminado: false },
];

function admin() {
  const user = makeSessionUser('ADMINISTRADOR');
  storeStaffSession(user);
  return { 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {}, 'GET /api/roles': ROLES };
}

describe('/roles', () => {
  afterEach(() => vi.restoreAllMocks());

  it('on a phone shows each role as a card with its counts and its edit button', async () => {
    setScreenWidth('small');
    mockApi(admin());
    renderApp('/roles');
    const table = await screen.findByRole('table', { name: 'Roles' });
    const row = (await within(table).findByText('ADMINISTRATIVO')).closest('tr')!;
    const [card, ...others] = within(row).getAllByRole('cell');
    expect(others).toHaveLength(0);
    expect(card).toHaveTextContent('Permisos2 permisos');
    expect(card).toHaveTextContent('Cuentas3');
    expect(within(card!).getByRole('button', { name: 'Editar el rol ADMINISTRATIVO' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Ver todas las columnas' })).not.toBeInTheDocument();
  });

  it('lists the roles; ADMINISTRADOR has every permission and no edit', async () => {
    mockApi(admin());
    renderApp('/roles');
    const table = await screen.findByRole('table', { name: 'Roles' });
    const administrador = (await within(table).findByText('ADMINISTRADOR')).closest('tr')!;
    expect(administrador).toHaveTextContent('Todos');
    expect(within(administrador).queryByRole('button')).not.toBeInTheDocument();
    const administrativo = within(table).getByText('ADMINISTRATIVO').closest('tr')!;
    expect(administrativo).toHaveTextContent('2 permisos');
    expect(administrativo).toHaveTextContent('Predeterminado');
  });

  it('edits a role with every permission explained, keeping a default role by name', async () => {
    const { requests } = mockApi({
      ...admin(),
      'PUT /api/roles/2': ({ body }: MockRequest) => ({ ...ROLES[1], ...(body as object) }),
    });
    renderApp('/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'Editar el rol ADMINISTRATIVO' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar rol ADMINISTRATIVO' });
    expect(within(dialog).getByLabelText('Nombre')).toBeDisabled();
    const borrar = within(dialog).getByRole('checkbox', { name: 'Dar de baja y reactivar afiliados' });
    expect(borrar).toHaveAccessibleDescription(PERMISSION_HELP['AFILIADOS.DELETE']);
    await userEvent.click(borrar);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.roles.ROLE_SAVED);
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'ADMINISTRATIVO',
      permissions: ['AFILIADOS.GET', 'BACKOFFICE_ACCESS', 'AFILIADOS.DELETE'],
    });
  });

  it('creates a role, refusing a name that is not one', async () => {
    const { requests } = mockApi({
      ...admin(),
      'POST /api/roles': [409, { error: MESSAGES.roles.ROLE_NAME_TAKEN }],
    });
    renderApp('/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo rol' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuevo rol' });
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), '<b>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear rol' }));
    expect(await within(dialog).findByText(MESSAGES.roles.ROLE_NAME_INVALID)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText(/Nombre/));
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'auditor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear rol' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.roles.ROLE_NAME_TAKEN);
  });
});
