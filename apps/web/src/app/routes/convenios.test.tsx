import { type Convenio, MESSAGES } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

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
    });
  });
});
