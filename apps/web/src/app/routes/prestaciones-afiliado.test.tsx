import { buildAfiliadoProfile } from '@red-dental/testing/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetTokenGuardado, saveTokenGuardado } from '@/lib/token-guardado.ts';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeAfiliadoToken, storeAffiliateSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const LINEAS = [
  {
    id: 2,
    fecha: '2026-11-20',
    codigo: '05.01',
    nombre: 'Limpieza',
    pieza: null,
    caras: null,
    sector: null,
    estado: 'validada',
    prestador: 'Beto Sillón',
    coseguro: 50_000,
    codigoValidacion: 'K7M2-9QXP',
  },
  {
    id: 1,
    fecha: '2026-03-14',
    codigo: '02.01',
    nombre: 'Obturación simple',
    pieza: 36,
    caras: 'O',
    sector: null,
    estado: 'aprobada',
    prestador: 'Ana Sillón',
    coseguro: 0,
    codigoValidacion: 'H3JK-5MNP',
  },
];

const SIN_TOKEN =
  'Sus prestaciones se ven en el teléfono donde activó su token: ábralas desde ahí, o active el token en este teléfono';

/** The server's door: the lines only with a code of the enrolled phone. */
const prestaciones = ({ headers }: MockRequest) =>
  /^\d{6}$/.test(headers.get('x-token-afiliado') ?? '')
    ? { lineas: LINEAS }
    : [403, { error: SIN_TOKEN, code: 'TOKEN_REQUERIDO' }];

/** Affiliate 12 signed in on the phone that holds their token. */
function enElTelefono() {
  storeAffiliateSession(makeAfiliadoToken({ sub: '12', exp: Math.floor(Date.now() / 1000) + 3600 }));
  saveTokenGuardado({
    afiliadoId: 12,
    dispositivoId: 7,
    secreto: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    secretoLectura: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
    pasoSegundos: 60,
    digitos: 6,
  });
}

describe('Mis prestaciones (the portal)', () => {
  afterEach(() => forgetTokenGuardado());

  it('on the phone with the token, shows the affiliate’s odontogram and every line with who recorded it', async () => {
    enElTelefono();
    mockApi({
      'GET /api/afiliados/profile': buildAfiliadoProfile(),
      'GET /api/afiliados/profile/prestaciones': prestaciones,
    });
    renderApp('/prestaciones-afiliado');
    const lista = await screen.findByRole('region', { name: 'Prestaciones registradas a su nombre' });
    const items = within(lista).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('20/11/2026 · boca completa · Beto Sillón'),
      expect.stringContaining('14/03/2026 · 36 O · Ana Sillón'),
    ]);
    expect(items[0]).toHaveTextContent('Validada · Coseguro $ 500,00 · Código K7M2-9QXP');
    expect(
      screen.getByRole('gridcell', {
        name: /^Pieza 36 .*cara oclusal: Obturación simple el 14\/03\/2026 por Ana Sillón/,
      }),
    ).toBeInTheDocument();
  });

  it('shows each prior authorization with where it stands and the promised answer', async () => {
    enElTelefono();
    const pedida = new Date(Date.now() - 50 * 3600_000).toISOString();
    const promesa = new Date(Date.now() + 22 * 3600_000).toISOString();
    mockApi({
      'GET /api/afiliados/profile': buildAfiliadoProfile(),
      'GET /api/afiliados/profile/prestaciones': {
        lineas: LINEAS,
        preguntas: [],
        autorizaciones: [
          {
            numero: 'AU-K7M29QXP',
            estado: 'en_revision',
            prestador: 'Ana Sillón',
            pedida,
            respuestaAntes: promesa,
            venceEl: null,
            items: ['Tratamiento endodóntico en unirradiculares (03.01), pieza 36'],
            motivoTexto: null,
          },
        ],
      },
    });
    renderApp('/prestaciones-afiliado');
    const panel = await screen.findByRole('region', { name: 'Autorizaciones' });
    const [pedido] = within(panel).getAllByRole('listitem');
    expect(pedido).toHaveTextContent('En revisión (AU-K7M29QXP)');
    expect(pedido).toHaveTextContent('Tratamiento endodóntico en unirradiculares (03.01), pieza 36');
    expect(pedido).toHaveTextContent(/Pedida el \d\d\/\d\d\/\d{4} por Ana Sillón/);
    expect(pedido).toHaveTextContent(
      /En revisión desde hace 2 días — respuesta prometida antes del \d\d\/\d\d \d\d:\d\d/,
    );
  });

  it('elsewhere, says where they are seen and leads to Mi token', async () => {
    storeAffiliateSession();
    mockApi({
      'GET /api/afiliados/profile': buildAfiliadoProfile(),
      'GET /api/afiliados/profile/prestaciones': prestaciones,
    });
    renderApp('/prestaciones-afiliado');
    expect(await screen.findByText(SIN_TOKEN)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir a Mi token' })).toHaveAttribute('href', '/mi-token');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('asks about a visit and sends what was charged, from the phone', async () => {
    enElTelefono();
    let preguntas = [{ atencionId: 5, fecha: '2026-11-20', prestador: 'Beto Sillón', coseguro: 50_000 }];
    const { requests } = mockApi({
      'GET /api/afiliados/profile': buildAfiliadoProfile(),
      'GET /api/afiliados/profile/prestaciones': () => ({ lineas: LINEAS, preguntas }),
      'POST /api/afiliados/profile/confirmaciones': () => {
        preguntas = [];
        return { message: 'Gracias: su respuesta quedó registrada' };
      },
    });
    renderApp('/prestaciones-afiliado');
    const pregunta = await screen.findByRole('listitem', { name: '¿Lo atendió Beto Sillón el 20/11/2026?' });
    await userEvent.click(within(pregunta).getByRole('button', { name: 'Sí' }));
    expect(within(pregunta).getByText('El coseguro de esta atención es $ 500,00.')).toBeVisible();
    await userEvent.click(within(pregunta).getByRole('button', { name: 'Sí, me cobraron' }));
    await userEvent.type(within(pregunta).getByLabelText('¿Cuánto le cobraron? ($)'), '800');
    await userEvent.click(within(pregunta).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: '¿Lo atendieron?' })).not.toBeInTheDocument(),
    );
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(sent.body).toEqual({ atencionId: 5, atendido: true, cobro: 80_000 });
    expect(sent.headers.get('x-token-afiliado')).toMatch(/^\d{6}$/);
  });
});
