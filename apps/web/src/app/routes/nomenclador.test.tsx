import { type CodigoPrestacion, MESSAGES } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';
import { mockUploads } from '@/test/upload-mock.ts';

const codigo = (over: Partial<CodigoPrestacion>): CodigoPrestacion => ({
  id: 1,
  codigo: '01.01',
  capitulo: '01',
  nombre: 'Consulta',
  norma: null,
  area: 'boca',
  carasMin: 0,
  carasMax: 0,
  denticion: 'ambas',
  unidades: 100,
  grupos: [],
  ...over,
});

const CODIGOS = [
  codigo({}),
  codigo({
    id: 2,
    codigo: '02.02',
    capitulo: '02',
    nombre: 'Obturación compuesta',
    area: 'caras',
    carasMin: 2,
    carasMax: 5,
    unidades: 350,
    grupos: ['Obturaciones'],
  }),
];

function signedIn(role: 'ADMINISTRADOR' | 'PRESTADOR') {
  const user = makeSessionUser(role);
  storeStaffSession(user);
  return {
    'GET /api/user/me': user,
    'GET /api/nomenclador': { rows: CODIGOS, rowCount: 2 },
    'GET /api/nomenclador/grupos': [{ id: 5, nombre: 'Obturaciones', codigos: ['02.02'] }],
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('/nomenclador', () => {
  it('shows a dentist the codes with their area in words, searched by code or name, and nothing to change', async () => {
    const { requests } = mockApi(signedIn('PRESTADOR'));
    renderApp('/nomenclador');
    const table = await screen.findByRole('table', { name: 'Códigos del nomenclador' });
    const row = (await within(table).findByText('Obturación compuesta')).closest('tr')!;
    expect(row).toHaveTextContent('Pieza y caras (2 a 5)');
    expect(row).toHaveTextContent('3,5');
    expect(screen.getByText('2 códigos')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Importar CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar el código/ })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar por código o nombre' }), 'obturacion');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Capítulo' }), '02');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const last = requests.filter((r) => r.url.pathname === '/api/nomenclador').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ search: 'obturacion', capitulo: '02' });
  });

  it('lets staff edit a code, its units typed as written', async () => {
    const { requests } = mockApi({
      ...signedIn('ADMINISTRADOR'),
      'PUT /api/nomenclador/2': ({ body }: MockRequest) => ({ ...CODIGOS[1], ...(body as object) }),
    });
    renderApp('/nomenclador');
    await userEvent.click(await screen.findByRole('button', { name: 'Editar el código 02.02' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar código 02.02' });
    const unidades = within(dialog).getByLabelText('Unidades');
    expect(unidades).toHaveValue('3,5');
    await userEvent.clear(unidades);
    await userEvent.type(unidades, 'tres');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(MESSAGES.nomenclador.UNIDADES_INVALID)).toBeInTheDocument();
    await userEvent.clear(unidades);
    await userEvent.type(unidades, '3,75');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.nomenclador.CODIGO_UPDATED);
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      area: 'caras',
      carasMin: 2,
      carasMax: 5,
      unidades: 375,
    });
  });

  it('previews an import, lists its refused lines, and imports only a clean file', async () => {
    mockApi(signedIn('ADMINISTRADOR'));
    const uploads = mockUploads((url) =>
      url.includes('dryRun')
        ? [
            200,
            {
              dryRun: true,
              count: 1,
              created: 1,
              updated: 0,
              unchanged: 0,
              errors: [{ line: 3, message: MESSAGES.nomenclador.ROW_BAD_CAPITULO('11') }],
              errorCount: 1,
            },
          ]
        : [201, {}],
    );
    renderApp('/nomenclador');
    await userEvent.click(await screen.findByRole('button', { name: 'Importar CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Importar nomenclador' });
    await userEvent.upload(
      within(dialog).getByLabelText('Archivo CSV'),
      new File(['codigo;nombre;area\n'], 'n.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByText(/Línea 3: Capítulo desconocido/)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.nomenclador.PREVIEW_HAS_ERRORS('1'))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar' })).toBeDisabled();
    expect(uploads).toHaveLength(1);
  });
});
