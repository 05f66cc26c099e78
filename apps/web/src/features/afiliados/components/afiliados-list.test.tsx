import { MESSAGES, type PermissionName } from '@red-dental/contracts';
import { buildAfiliado } from '@red-dental/testing/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const AFILIADO = buildAfiliado(1, {
  tipoDocumento: 'LE',
  documento: '4123456',
  fecha_nacimiento: '1950-01-02',
  obraSocial: null,
});

function signIn(role: 'ADMINISTRATIVO' | 'PRESTADOR') {
  const user = makeSessionUser(role);
  storeStaffSession(user);
  return user;
}

describe('/afiliados', () => {
  it('asks a dentist for a DNI before showing anything, then looks up that document', async () => {
    const user = signIn('PRESTADOR');
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      'GET /api/afiliados/paginated': {
        rows: [{ ...AFILIADO, obraSocial: { id: 2, nombre: 'IOMA' } }],
        rowCount: 1,
      },
    });
    renderApp('/afiliados');
    expect(await screen.findByText('Ingrese un DNI realizar la búsqueda.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Todas las obras sociales')).not.toBeInTheDocument();
    expect(screen.queryByText('Importar .csv')).not.toBeInTheDocument();
    const field = screen.getByLabelText('DNI del afiliado');
    expect(field).toHaveAttribute('inputmode', 'numeric');

    await userEvent.type(field, '4123456{Enter}');
    const table = await screen.findByRole('table', { name: 'Afiliados' });
    expect(await within(table).findByText('IOMA')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lista de Afiliados' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
    const lookup = requests.find((r) => r.url.pathname === '/api/afiliados/paginated')!;
    expect(Object.fromEntries(lookup.url.searchParams)).toEqual({
      pageIndex: '0',
      pageSize: '10',
      search: '4123456',
    });
  });

  it.each([
    [
      { ...AFILIADO, obraSocial: { id: 2, nombre: 'IOMA' }, atiendeObraSocial: true },
      'Con cobertura',
      'Juan Pérez tiene la afiliación activa en IOMA, una obra social que usted atiende.',
    ],
    [
      { ...AFILIADO, obraSocial: { id: 2, nombre: 'IOMA' }, atiendeObraSocial: false },
      'Usted no atiende esa obra social',
      'Juan Pérez tiene la afiliación activa en IOMA, pero usted no atiende esa obra social.',
    ],
    [
      { ...AFILIADO, obraSocial: { id: 2, nombre: 'IOMA' }, fechaBaja: '2026-03-05T15:00:00.000Z' },
      'Sin cobertura',
      'La afiliación de Juan Pérez a la red se dio de baja el 05/03/2026: no tiene cobertura.',
    ],
    [
      { ...AFILIADO, atiendeObraSocial: null },
      'Sin obra social asignada',
      'Juan Pérez tiene la afiliación activa, pero sin obra social asignada. Consulte con la red antes de la atención.',
    ],
  ])('gives a dentist the verdict of a check in words: %#', async (row, title, body) => {
    const user = signIn('PRESTADOR');
    mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      'GET /api/afiliados/paginated': { rows: [row], rowCount: 1 },
    });
    renderApp('/afiliados?search=4123456');
    const verdict = (await screen.findByText(title)).parentElement!;
    expect(verdict).toHaveAttribute('role', 'status');
    expect(verdict).toHaveTextContent(body);
    expect(screen.getByRole('table', { name: 'Afiliados' })).toBeInTheDocument();
  });

  it('tells a dentist in words that a document is unknown, instead of an empty table', async () => {
    const user = signIn('PRESTADOR');
    mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      'GET /api/afiliados/paginated': { rows: [], rowCount: 0 },
    });
    renderApp('/afiliados?search=99999999');
    expect((await screen.findByText('Documento no encontrado')).parentElement).toHaveTextContent(
      'No hay ningún afiliado de la red con el documento 99999999.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No hay datos disponibles')).not.toBeInTheDocument();
  });

  it('lists affiliates for staff with the filter, the buttons and the edit modal', async () => {
    const user = signIn('ADMINISTRATIVO');
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      'GET /api/obra-sociales/list': [
        { id: 1, nombre: 'OSDE' },
        { id: 2, nombre: 'IOMA' },
      ],
      'GET /api/afiliados/paginated': { rows: [AFILIADO], rowCount: 1 },
      'GET /api/tablero/pendientes': { solicitudes: null, reportes: null, confirmaciones: 2 },
      'PUT /api/afiliados/1': ({ body }: MockRequest) => [
        200,
        {
          ...AFILIADO,
          email: null,
          emailPendiente: null,
          emailPendienteVencido: false,
          telefono: null,
          ...(body as object),
        },
      ],
    });
    renderApp('/afiliados');
    const table = await screen.findByRole('table', { name: 'Afiliados' });
    const row = (await within(table).findByText('Juan Pérez')).closest('tr')!;
    expect(row).toHaveTextContent('02/01/1950');
    expect(row).toHaveTextContent('No asignada');
    expect(screen.getByRole('link', { name: 'Importar .csv' })).toHaveAttribute(
      'href',
      '/afiliados/import-csv',
    );
    expect(screen.getByRole('link', { name: 'Agregar Afiliado' })).toHaveAttribute(
      'href',
      '/afiliados/form-afiliado',
    );
    // The affiliates' answers that said a visit did not happen or was overcharged, with how many wait.
    expect(
      await screen.findByRole('link', { name: /^Confirmaciones observadas\s*\(2 sin revisar\)$/ }),
    ).toHaveAttribute('href', '/afiliados/confirmaciones');

    await userEvent.selectOptions(await screen.findByLabelText('Filtrar por obra social'), 'IOMA');
    await userEvent.type(screen.getByLabelText('Buscar por documento o nombre'), 'pérez');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const last = requests.filter((r) => r.url.pathname === '/api/afiliados/paginated').at(-1)!;
    expect(last.url.searchParams.get('search')).toBe('pérez');
    expect(last.url.searchParams.get('obraSocialId')).toBe('2');

    await userEvent.click(within(table).getByRole('button', { name: 'Editar Juan Pérez' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Afiliado' });
    const tipos = within(within(dialog).getByLabelText('Tipo')).getAllByRole('option');
    expect(tipos.map((o) => o.textContent)).toEqual(['Seleccione el tipo', 'DNI', 'Pasaporte', 'LE']);
    expect(within(dialog).getByLabelText('Fecha de Nacimiento')).toHaveValue('1950-01-02');
    // Without an insurer, 'No asignada' is the current choice and the name can be fixed on its own.
    const obraSocial = within(dialog).getByLabelText('Obra Social');
    expect(obraSocial).toHaveDisplayValue('No asignada');
    expect(
      within(obraSocial)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No asignada', 'OSDE', 'IOMA']);
    const nombre = within(dialog).getByLabelText('Nombre Completo');
    await userEvent.clear(nombre);
    await userEvent.type(nombre, 'Juan Pérez Gómez');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Afiliado' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/afiliados/1');
    expect(put.body).toMatchObject({ nombre: 'Juan Pérez Gómez', obraSocial: null });
  });

  it('does not offer to leave an affiliate who has an insurer without one', async () => {
    const user = signIn('ADMINISTRATIVO');
    mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      'GET /api/obra-sociales/list': [{ id: 2, nombre: 'IOMA' }],
      'GET /api/afiliados/paginated': {
        rows: [{ ...AFILIADO, obraSocial: { id: 2, nombre: 'IOMA' } }],
        rowCount: 1,
      },
    });
    renderApp('/afiliados');
    const table = await screen.findByRole('table', { name: 'Afiliados' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Editar Juan Pérez' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Afiliado' });
    const obraSocial = within(dialog).getByLabelText('Obra Social');
    expect(obraSocial).toHaveDisplayValue('IOMA');
    expect(within(obraSocial).queryByRole('option', { name: 'No asignada' })).not.toBeInTheDocument();
  });
});

describe('/afiliados for custom roles', () => {
  function signInWith(...permissions: PermissionName[]) {
    const user = makeSessionUser({ permissions: ['BACKOFFICE_ACCESS', ...permissions] });
    storeStaffSession(user);
    return { 'GET /api/user/me': user, 'GET /api/notificaciones/unread': {} };
  }

  it('gives whoever modifies affiliates the whole list, searched by name, and the edit; nothing of loading', async () => {
    const { requests } = mockApi({
      ...signInWith('AFILIADOS.GET', 'AFILIADOS.UPDATE'),
      'GET /api/obra-sociales/list': [{ id: 2, nombre: 'IOMA' }],
      'GET /api/afiliados/paginated': { rows: [AFILIADO], rowCount: 1 },
    });
    renderApp('/afiliados');
    const table = await screen.findByRole('table', { name: 'Afiliados' });
    expect(await within(table).findByText('Juan Pérez')).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar por documento o nombre')).toBeInTheDocument();
    expect(await screen.findByLabelText('Filtrar por obra social')).toBeInTheDocument();
    expect(screen.queryByText('Ingrese un DNI realizar la búsqueda.')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Importar .csv' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Agregar Afiliado' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/afiliados/paginated')?.url.search).toBe(
      '?pageIndex=0&pageSize=10',
    );

    await userEvent.click(within(table).getByRole('button', { name: 'Editar Juan Pérez' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Afiliado' });
    expect(within(dialog).getByRole('button', { name: 'Guardar Afiliado' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Dar de baja' })).not.toBeInTheDocument();
  });

  it('shows whoever only gives de baja the record read-only with its state', async () => {
    const { requests } = mockApi({
      ...signInWith('AFILIADOS.GET', 'AFILIADOS.DELETE'),
      'GET /api/obra-sociales/list': [{ id: 2, nombre: 'IOMA' }],
      'GET /api/afiliados/paginated': {
        rows: [{ ...AFILIADO, obraSocial: { id: 2, nombre: 'IOMA' } }],
        rowCount: 1,
      },
      'DELETE /api/afiliados/1': [204, null],
    });
    renderApp('/afiliados');
    const table = await screen.findByRole('table', { name: 'Afiliados' });
    expect(within(table).queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
    await userEvent.click(await within(table).findByRole('button', { name: 'Ver a Juan Pérez' }));
    const dialog = screen.getByRole('dialog', { name: 'Juan Pérez' });
    expect(dialog).toHaveTextContent('LE 4123456');
    expect(dialog).toHaveTextContent('IOMA');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Guardar Afiliado' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar baja' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('offers whoever only loads affiliates the way to load them, and no search it could not make', async () => {
    const { requests } = mockApi(signInWith('AFILIADOS.CREATE'));
    renderApp('/afiliados');
    expect(await screen.findByText(MESSAGES.afiliados.LOAD_ONLY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Importar .csv' })).toHaveAttribute(
      'href',
      '/afiliados/import-csv',
    );
    expect(screen.getByRole('link', { name: 'Agregar Afiliado' })).toHaveAttribute(
      'href',
      '/afiliados/form-afiliado',
    );
    expect(screen.queryByRole('button', { name: 'Buscar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname.startsWith('/api/afiliados'))).toBe(false);
  });

  it('keeps the coverage check of AFILIADOS.GET alone: no list before a document', async () => {
    const { requests } = mockApi(signInWith('AFILIADOS.GET'));
    renderApp('/afiliados');
    expect(await screen.findByText('Ingrese un DNI realizar la búsqueda.')).toBeInTheDocument();
    expect(screen.getByLabelText('DNI del afiliado')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/afiliados/paginated')).toBe(false);
  });
});

describe('/afiliados paging', () => {
  const pageOf = (pageIndex: number) => ({
    rows: [{ ...AFILIADO, id: pageIndex + 1, nombre: `Afiliado de la página ${pageIndex + 1}` }],
    rowCount: 1002,
  });

  it('filters staff’s list by state, kept in the address, and shows a record’s e-mail and phone in its row', async () => {
    const user = signIn('ADMINISTRATIVO');
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      'GET /api/obra-sociales/list': [{ id: 2, nombre: 'IOMA' }],
      'GET /api/afiliados/paginated': {
        rows: [
          {
            ...AFILIADO,
            email: 'juan@example.com',
            telefono: '011 4555-1234',
            fechaBaja: '2026-03-05T15:00:00.000Z',
          },
          { ...AFILIADO, id: 2, nombre: 'Ana Sin Contacto', email: null, telefono: null },
        ],
        rowCount: 2,
      },
    });
    const { router } = renderApp('/afiliados?estado=baja&obraSocialId=2');
    const table = await screen.findByRole('table', { name: 'Afiliados' });
    const lastQuery = () =>
      Object.fromEntries(
        requests.filter((r) => r.url.pathname === '/api/afiliados/paginated').at(-1)?.url.searchParams ?? [],
      );
    // The table is drawn as the page's request goes out: wait for it to be recorded.
    await waitFor(() => expect(lastQuery()).toMatchObject({ estado: 'baja', obraSocialId: '2' }));
    const filter = screen.getByLabelText('Filtrar por estado');
    expect(filter).toHaveDisplayValue('De baja');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Activos y de baja', 'Activos', 'De baja']);

    await userEvent.selectOptions(filter, 'Activos');
    await waitFor(() => expect(lastQuery()).toMatchObject({ estado: 'activos' }));
    expect(router.state.location.search).toBe('?estado=activos&obraSocialId=2');
    await userEvent.selectOptions(filter, 'Activos y de baja');
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('estado'));
    expect(router.state.location.search).toBe('?obraSocialId=2');

    // The e-mail and phone are in the row's expansion, for a record that has them.
    expect(within(table).queryByText('juan@example.com')).toBeNull();
    const juan = within(table).getByText('Juan Pérez').closest('tr')!;
    await userEvent.click(within(juan).getByRole('button', { name: 'Ver más datos' }));
    expect(within(table).getByRole('link', { name: 'juan@example.com' })).toHaveAttribute(
      'href',
      'mailto:juan@example.com',
    );
    expect(within(table).getByRole('link', { name: '011 4555-1234' })).toHaveAttribute(
      'href',
      'tel:01145551234',
    );
    const ana = within(table).getByText('Ana Sin Contacto').closest('tr')!;
    expect(within(ana).queryByRole('button', { name: 'Ver más datos' })).toBeNull();
  });

  it('keeps the page in the address, so Back returns to it; a new filter or page size starts again', async () => {
    const user = signIn('ADMINISTRATIVO');
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
      'GET /api/obra-sociales/list': [{ id: 2, nombre: 'IOMA' }],
      'GET /api/afiliados/paginated': ({ url }: MockRequest) => [
        200,
        pageOf(Number(url.searchParams.get('pageIndex'))),
      ],
    });
    const { router } = renderApp('/afiliados?page=3');
    const lastPageIndex = () =>
      requests
        .filter((r) => r.url.pathname === '/api/afiliados/paginated')
        .at(-1)!
        .url.searchParams.get('pageIndex');

    expect(await screen.findByText('Afiliado de la página 3')).toBeInTheDocument();
    expect(screen.getByText('Página 3 de 101')).toBeInTheDocument();
    expect(lastPageIndex()).toBe('2');

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Afiliado de la página 4')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=4');

    await router.navigate(-1);
    expect(await screen.findByText('Afiliado de la página 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');

    await userEvent.selectOptions(screen.getByLabelText('Filtrar por obra social'), 'IOMA');
    expect(await screen.findByText('Afiliado de la página 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?obraSocialId=2');

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Afiliado de la página 2')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/filas por página/i), '25');
    expect(await screen.findByText('Afiliado de la página 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?obraSocialId=2');
    expect(lastPageIndex()).toBe('0');
  });
});
