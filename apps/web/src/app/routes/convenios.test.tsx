import { type Convenio, MESSAGES, type Simulacion } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';
import { mockUploads } from '@/test/upload-mock.ts';

const CONVENIO: Convenio = {
  id: 3,
  obraSocial: { id: 1, nombre: 'OSDE' },
  nombre: 'Convenio 2026',
  vigenteDesde: '2026-01-01',
  vigenteHasta: null,
  diaCierre: 25,
  plazoPresentacionDias: 60,
  plazoRefacturacionDias: 30,
  plazoUrgenciaDias: 3,
  plazoAutorizacionHoras: 48,
  vigenciaAutorizacionDias: 90,
  plazoRespuestaDias: 15,
  requiereToken: true,
  tokenBloquea: true,
  extrapolaMuestra: false,
  valorUnidad: 100000,
  aranceles: 2,
};

function signedIn(role: 'ADMINISTRADOR' | 'PRESTADOR') {
  const user = makeSessionUser(role);
  storeStaffSession(user);
  return {
    'GET /api/user/me': user,
    'GET /api/convenios': [CONVENIO],
    'GET /api/obra-sociales/list': [{ id: 1, nombre: 'OSDE' }],
    'GET /api/convenios/3/aranceles': {
      rows: [
        {
          id: 1,
          codigo: '02.01',
          nombre: 'Obturación simple',
          importe: null,
          unidades: 250,
          valor: 250000,
          vigenteDesde: '2026-01-01',
          vigenteHasta: null,
        },
      ],
      rowCount: 1,
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('/convenios', () => {
  it('shows a dentist the contracts and what each code pays on a day, with nothing to change', async () => {
    const { requests } = mockApi(signedIn('PRESTADOR'));
    renderApp('/convenios');
    const table = await screen.findByRole('table', { name: 'Convenios' });
    const row = (await within(table).findByText('OSDE')).closest('tr')!;
    expect(row).toHaveTextContent('Desde 01/01/2026');
    expect(row).toHaveTextContent('$ 1.000,00');
    expect(screen.queryByRole('button', { name: 'Nuevo convenio' })).not.toBeInTheDocument();

    await userEvent.click(
      within(row).getByRole('button', { name: 'Ver los aranceles de Convenio 2026 (OSDE)' }),
    );
    const aranceles = await screen.findByRole('table', { name: 'Aranceles' });
    const fee = (await within(aranceles).findByText('Obturación simple')).closest('tr')!;
    expect(fee).toHaveTextContent('$ 2.500,00');
    expect(fee).toHaveTextContent('2,5 unidades');
    expect(screen.queryByRole('button', { name: 'Importar aranceles' })).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Vigentes al'));
    await userEvent.type(screen.getByLabelText('Vigentes al'), '2026-12-10');
    const last = requests.filter((r) => r.url.pathname === '/api/convenios/3/aranceles').at(-1)!;
    expect(last.url.searchParams.get('fecha')).toBe('2026-12-10');
  });

  it('lets staff create a contract, the unit value typed in pesos, and shows a refusal in the dialog', async () => {
    const { requests } = mockApi({
      ...signedIn('ADMINISTRADOR'),
      'POST /api/convenios': ({ body }: MockRequest) =>
        (body as { vigenteDesde: string }).vigenteDesde === '2026-06-01'
          ? [409, { error: MESSAGES.convenios.OVERLAPS('Convenio 2026', '01/01/2026', null) }]
          : [201, { ...CONVENIO, id: 4 }],
    });
    renderApp('/convenios');
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo convenio' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuevo convenio' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Obra social'), '1');
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Convenio 2027');
    await userEvent.type(within(dialog).getByLabelText('Vigente desde'), '2026-06-01');
    await userEvent.type(within(dialog).getByLabelText('Valor de la unidad ($)'), '1.250,50');
    // Whether a line without the token is refused is asked only once the token is required.
    expect(within(dialog).queryByLabelText(/Sin el token/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Requiere el token del afiliado para validar'));
    await userEvent.click(within(dialog).getByLabelText(/Sin el token, la atención no se valida/));
    await userEvent.click(within(dialog).getByLabelText(/Extrapolar lo que la auditoría debita/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear convenio' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Se superpone con el convenio Convenio 2026',
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      obraSocialId: 1,
      nombre: 'Convenio 2027',
      vigenteDesde: '2026-06-01',
      vigenteHasta: null,
      diaCierre: 25,
      valorUnidad: 125050,
      requiereToken: true,
      tokenBloquea: true,
      extrapolaMuestra: true,
    });
  });

  it('simulates a ready fee file on the last three months before importing it', async () => {
    mockApi(signedIn('ADMINISTRADOR'));
    const preview = {
      dryRun: true,
      count: 1,
      created: 1,
      closed: 1,
      replaced: 0,
      unchanged: 0,
      errors: [],
      errorCount: 0,
    };
    const simulacion: Simulacion = {
      desde: '2026-09-01',
      hasta: '2026-11-30',
      lineas: 3,
      cambian: 1,
      filas: [
        {
          obraSocial: { id: 1, nombre: 'OSDE' },
          codigo: null,
          antes: { lineas: 3, importe: 2_900_000 },
          despues: { lineas: 3, importe: 3_080_000 },
        },
      ],
      ejemplos: [
        {
          lineaId: 9,
          fecha: '2026-11-10',
          codigo: '02.01',
          nombre: 'Obturación simple',
          pieza: 36,
          caras: 'O',
          sector: null,
          obraSocial: 'OSDE',
          profesional: 'Dra. Ana Ruiz',
          antes: { codigo: null, importe: 900_000 },
          despues: { codigo: null, importe: 1_080_000 },
        },
      ],
    };
    const uploads = mockUploads((url) =>
      url.includes('simular') ? [200, { ...preview, simulacion }] : [200, preview],
    );
    renderApp('/convenios');
    const table = await screen.findByRole('table', { name: 'Convenios' });
    const row = (await within(table).findByText('OSDE')).closest('tr')!;
    await userEvent.click(
      within(row).getByRole('button', { name: 'Ver los aranceles de Convenio 2026 (OSDE)' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Importar aranceles' }));
    const dialog = screen.getByRole('dialog', { name: 'Importar aranceles de Convenio 2026' });
    await userEvent.upload(
      within(dialog).getByLabelText('Archivo CSV'),
      new File(['codigo;importe;vigente_desde;vigente_hasta\n02.01;12.000,00;01/10/2026;\n'], 'a.csv', {
        type: 'text/csv',
      }),
    );
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Simular' }));
    expect(
      await within(dialog).findByText(
        '3 prestaciones del 01/09/2026 al 30/11/2026 juzgadas con las reglas y los aranceles de hoy y con el archivo: 1 cambiaría.',
      ),
    ).toBeInTheDocument();
    const porObra = within(dialog).getByRole('table', { name: 'Por obra social y débito' });
    const cubiertas = within(porObra).getByText('Cubiertas').closest('tr')!;
    expect(cubiertas).toHaveTextContent('$ 29.000,00');
    expect(cubiertas).toHaveTextContent('$ 30.800,00');
    expect(cubiertas).toHaveTextContent('+ $ 1.800,00');
    const cambian = within(dialog).getByRole('table', { name: 'Prestaciones que cambiarían' });
    expect(within(cambian).getByText('02.01 Obturación simple, 36 O')).toBeInTheDocument();
    expect(within(cambian).getByText('Cubierta: $ 10.800,00')).toBeInTheDocument();
    expect(uploads.map((u) => new URL(u.url, 'http://x').searchParams.toString())).toEqual([
      'dryRun=true',
      'simular=true',
    ]);
  });
});
