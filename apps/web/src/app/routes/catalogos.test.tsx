import { MESSAGES } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const ESPECIALIDADES = [
  { id: 1, nombre: 'Odontología general', profesionales: 12 },
  { id: 2, nombre: 'Ortodoncia', profesionales: 0 },
  { id: 9, nombre: 'GUARDIAS', profesionales: 3 },
];
const ZONAS = [
  { id: 3, nombre: 'Norte', numero: 1, profesionales: 4 },
  { id: 4, nombre: 'Sur', numero: 2, profesionales: 0 },
];

function signedIn(role: 'ADMINISTRADOR' | 'ADMINISTRATIVO' | 'PRESTADOR' = 'ADMINISTRATIVO') {
  const user = makeSessionUser(role);
  storeStaffSession(user);
  return { 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} };
}

const rowOf = async (table: HTMLElement, name: string) =>
  (await within(table).findByText(name)).closest('tr')!;

describe('/catalogos', () => {
  it('lists the specialties and zones with how many professionals each has', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/especialidades/catalogo': ESPECIALIDADES,
      'GET /api/zonas/catalogo': ZONAS,
    });
    renderApp('/catalogos');
    const especialidades = await screen.findByRole('table', { name: 'Especialidades' });
    expect(await rowOf(especialidades, 'Odontología general')).toHaveTextContent('12');
    expect(screen.getByText('3 especialidades')).toBeInTheDocument();
    // GUARDIAS is fixed: no way to rename or delete it.
    const guardias = await rowOf(especialidades, 'GUARDIAS');
    expect(within(guardias).queryByRole('button')).not.toBeInTheDocument();
    expect(guardias).toHaveTextContent('Para los horarios de guardia; no se modifica.');

    const zonas = await screen.findByRole('table', { name: 'Zonas' });
    expect(await rowOf(zonas, 'Norte')).toHaveTextContent('4');
    expect(screen.getByText('2 zonas')).toBeInTheDocument();
  });

  it('creates and renames a specialty, putting the server refusal in the dialog', async () => {
    const { requests } = mockApi({
      ...signedIn(),
      'GET /api/especialidades/catalogo': ESPECIALIDADES,
      'GET /api/zonas/catalogo': ZONAS,
      'POST /api/especialidades': ({ body }: MockRequest) => [201, { id: 20, ...(body as object) }],
      'PUT /api/especialidades/2': [409, { error: MESSAGES.especialidades.ESPECIALIDAD_TAKEN }],
    });
    renderApp('/catalogos');
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva especialidad' }));
    const nueva = screen.getByRole('dialog', { name: 'Nueva especialidad' });
    await userEvent.click(within(nueva).getByRole('button', { name: 'Crear especialidad' }));
    expect(await within(nueva).findByText(MESSAGES.NAME_REQUIRED)).toBeInTheDocument();
    await userEvent.type(within(nueva).getByLabelText('Nombre'), 'Gnatología');
    await userEvent.click(within(nueva).getByRole('button', { name: 'Crear especialidad' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.especialidades.ESPECIALIDAD_CREATED);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ nombre: 'Gnatología' });

    await userEvent.click(screen.getByRole('button', { name: 'Editar Ortodoncia' }));
    const editar = screen.getByRole('dialog', { name: 'Editar especialidad' });
    const nombre = within(editar).getByLabelText('Nombre');
    expect(nombre).toHaveValue('Ortodoncia');
    await userEvent.clear(nombre);
    await userEvent.type(nombre, 'Odontología general');
    await userEvent.click(within(editar).getByRole('button', { name: 'Guardar' }));
    expect(await within(editar).findByRole('alert')).toHaveTextContent(
      MESSAGES.especialidades.ESPECIALIDAD_TAKEN,
    );
  });

  it('deletes a specialty nobody has, and says why one in use cannot go', async () => {
    const { requests } = mockApi({
      ...signedIn(),
      'GET /api/especialidades/catalogo': ESPECIALIDADES,
      'GET /api/zonas/catalogo': ZONAS,
      'DELETE /api/especialidades/2': [204],
    });
    renderApp('/catalogos');
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Odontología general' }));
    let dialog = screen.getByRole('dialog', { name: 'Eliminar especialidad' });
    expect(dialog).toHaveTextContent(MESSAGES.especialidades.ESPECIALIDAD_IN_USE(12));
    expect(within(dialog).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entendido' }));

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Ortodoncia' }));
    dialog = screen.getByRole('dialog', { name: 'Eliminar especialidad' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.especialidades.ESPECIALIDAD_DELETED);
    expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/especialidades/2')).toBe(
      true,
    );
  });

  it('edits a zone, starting from what it holds', async () => {
    const { requests } = mockApi({
      ...signedIn(),
      'GET /api/especialidades/catalogo': ESPECIALIDADES,
      'GET /api/zonas/catalogo': ZONAS,
      'PUT /api/zonas/4': ({ body }: MockRequest) => ({ id: 4, ...(body as object) }),
    });
    renderApp('/catalogos');
    await userEvent.click(await screen.findByRole('button', { name: 'Editar la zona Sur' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar zona' });
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Sur');
    expect(within(dialog).getByLabelText('Número')).toHaveValue(2);
    await userEvent.clear(within(dialog).getByLabelText('Nombre'));
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Sur y Costa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.zonas.UPDATED);
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ nombre: 'Sur y Costa', numero: 2 });
  });

  it('is not open to a dentist', async () => {
    mockApi({ ...signedIn('PRESTADOR'), 'GET /api/profesionales/profile': {} });
    renderApp('/catalogos');
    expect(await screen.findByText('No tiene acceso a esta sección')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Especialidades' })).not.toBeInTheDocument();
  });
});
