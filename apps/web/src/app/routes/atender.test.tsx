import type { CodigoPrestacion, Historia, LineaEvaluada, MiPrestacion } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const HISTORIA: Historia = {
  afiliado: {
    id: 5,
    nombre: 'Lucía Acuña',
    documento: '30555111',
    edad: 41,
    obraSocial: { id: 1, nombre: 'OSDE' },
    plan: { id: 7, codigo: '210', nombre: 'Plan 210' },
    numeroAfiliado: '61-123',
    fechaAlta: '2020-01-01',
  },
  cobertura: { vigente: true, mensaje: 'Cubierto hoy por OSDE, Plan 210' },
  atiende: true,
  fechaMinima: '2026-11-06',
  hoy: '2026-12-06',
  requiereToken: false,
  lineas: [
    {
      id: null,
      fecha: '2026-03-14',
      codigo: '02.01',
      nombre: 'Obturación simple',
      pieza: 36,
      caras: 'O',
      sector: null,
      estado: 'aprobada',
      propia: false,
      prestador: 'otro prestador de la red',
      garantiaHasta: '2028-03-14',
      texto:
        '36 O: Obturación simple el 14/03/2026 por otro prestador de la red — en garantía hasta el 14/03/2028',
    },
  ],
  proximas: ['Limpieza (05.01): la próxima cubierta desde el 12/05/2027'],
  autorizaciones: [],
};

const CORONA: CodigoPrestacion = {
  id: 9,
  codigo: '04.01',
  capitulo: '04',
  nombre: 'Corona',
  norma: null,
  area: 'pieza',
  carasMin: 0,
  carasMax: 0,
  denticion: 'permanente',
  unidades: null,
  grupos: [],
};

const evaluada = (over: Partial<LineaEvaluada>): LineaEvaluada => ({
  id: null,
  codigo: '04.01',
  nombre: 'Corona',
  pieza: 46,
  caras: null,
  sector: null,
  autorizacion: null,
  estado: null,
  importe: 1_000_000,
  coseguro: 100_000,
  cargoOs: 900_000,
  nivel: 'ok',
  resultados: [{ codigo: null, nivel: 'ok', mensaje: 'Cubierta: $ 9.000,00 a cargo de la obra social' }],
  regularizarAntes: null,
  ...over,
});

function signedIn(validar: (r: MockRequest) => unknown) {
  const user = makeSessionUser('PRESTADOR');
  storeStaffSession(user);
  return mockApi({
    'GET /api/user/me': user,
    'GET /api/prestaciones/historia': HISTORIA,
    'GET /api/nomenclador': { rows: [CORONA], rowCount: 1 },
    'POST /api/prestaciones/validar': validar,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/atender', () => {
  it('shows the patient, the history on the odontogram, checks each line as added, validates and shows the code', async () => {
    const { requests } = signedIn((r) =>
      r.url.searchParams.get('dryRun') === 'true'
        ? {
            codigoValidacion: null,
            atencionId: null,
            fecha: '2026-12-06',
            lineas: [evaluada({})],
            totales: { importe: 1_000_000, coseguro: 100_000, cargoOs: 900_000 },
          }
        : {
            codigoValidacion: 'K7M2-9QXP',
            atencionId: 3,
            fecha: '2026-12-06',
            lineas: [evaluada({ id: 31, estado: 'validada' })],
            totales: { importe: 1_000_000, coseguro: 100_000, cargoOs: 900_000 },
            message: 'Atención validada: código K7M2-9QXP',
          },
    );
    renderApp('/atender');
    await userEvent.type(await screen.findByLabelText('Documento del paciente'), '30.555.111');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('heading', { name: 'Lucía Acuña' })).toBeInTheDocument();
    expect(screen.getByText('Cubierto hoy por OSDE, Plan 210')).toBeInTheDocument();
    expect(screen.getByText('Limpieza (05.01): la próxima cubierta desde el 12/05/2027')).toBeInTheDocument();
    expect(screen.getByText(HISTORIA.lineas[0]!.texto)).toBeInTheDocument();
    expect(
      screen.getByRole('gridcell', {
        name: /^Pieza 36 .*cara oclusal: Obturación simple el 14\/03\/2026 por otro prestador de la red/,
      }),
    ).toBeInTheDocument();

    // The code, then the tooth on the chart; the line is checked at once.
    await userEvent.type(
      screen.getByRole('combobox', { name: 'Código o nombre de la prestación' }),
      'corona',
    );
    await userEvent.click(await screen.findByRole('option', { name: /04\.01 Corona/ }));
    await userEvent.click(screen.getByRole('gridcell', { name: /^Pieza 46 / }));
    expect(screen.getByLabelText('Pieza')).toHaveValue('46');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar prestación' }));
    expect(await screen.findByText('Cubierta: $ 9.000,00 a cargo de la obra social')).toBeInTheDocument();
    const preview = requests.find((r) => r.method === 'POST' && r.url.searchParams.get('dryRun') === 'true')!;
    expect(preview.body).toMatchObject({
      documento: '30555111',
      fecha: '2026-12-06',
      canal: 'normal',
      lineas: [{ codigo: '04.01', pieza: 46 }],
    });
    expect(
      screen.getByRole('gridcell', { name: /^Pieza 46 .*pieza entera: a realizar: Corona/ }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
    expect(await screen.findByText('K7M2-9QXP')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir comprobante' })).toBeInTheDocument();
  });

  it('shows a blocked line with its fix, and does not let the visit be validated', async () => {
    signedIn(() => ({
      codigoValidacion: null,
      atencionId: null,
      fecha: '2026-12-06',
      lineas: [
        evaluada({
          nivel: 'bloqueo',
          importe: null,
          coseguro: 0,
          cargoOs: 0,
          resultados: [
            { codigo: 'D07', nivel: 'bloqueo', mensaje: 'Requiere autorización previa: pídala desde acá' },
          ],
        }),
      ],
      totales: { importe: 0, coseguro: 0, cargoOs: 0 },
    }));
    renderApp('/atender');
    await userEvent.type(await screen.findByLabelText('Documento del paciente'), '30555111');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await userEvent.type(
      await screen.findByRole('combobox', { name: 'Código o nombre de la prestación' }),
      '04',
    );
    await userEvent.click(await screen.findByRole('option', { name: /04\.01 Corona/ }));
    await userEvent.selectOptions(screen.getByLabelText('Pieza'), '46');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar prestación' }));
    const line = (await screen.findByText('Requiere autorización previa: pídala desde acá'))
      .closest('li')!
      .parentElement!.closest('li')!;
    expect(within(line).getByText('No se puede validar')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Validar' })).toBeDisabled());
  });

  it('asks for the authorization a line needs right there, with a photo, and the approved number is applied', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    const D07 = {
      codigo: 'D07' as const,
      nivel: 'bloqueo' as const,
      mensaje: 'Requiere autorización previa: pídala desde acá',
    };
    let aprobada = false;
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/prestaciones/historia': () =>
        aprobada
          ? {
              ...HISTORIA,
              autorizaciones: [
                {
                  numero: 'AU-K7M29QXP',
                  codigo: '04.01',
                  nombre: 'Corona',
                  pieza: 46,
                  caras: null,
                  sector: null,
                  venceEl: '2027-03-06',
                },
              ],
            }
          : HISTORIA,
      'GET /api/nomenclador': { rows: [CORONA], rowCount: 1 },
      'POST /api/prestaciones/validar': (r: MockRequest) => {
        const linea = (r.body as { lineas: { autorizacion?: string | null }[] }).lineas[0]!;
        return {
          codigoValidacion: null,
          atencionId: null,
          fecha: '2026-12-06',
          lineas: [
            linea.autorizacion
              ? evaluada({ autorizacion: linea.autorizacion })
              : evaluada({ nivel: 'bloqueo', importe: null, coseguro: 0, cargoOs: 0, resultados: [D07] }),
          ],
          totales: { importe: 0, coseguro: 0, cargoOs: 0 },
        };
      },
      'POST /api/autorizaciones': () => {
        aprobada = true;
        return [
          201,
          {
            id: 12,
            numero: 'AU-K7M29QXP',
            estado: 'en_revision',
            afiliado: { id: 5, nombre: 'Lucía Acuña', documento: '30555111' },
            profesional: { id: 3, nombre: 'Dra. Ana Ruiz' },
            obraSocial: { id: 1, nombre: 'OSDE' },
            nota: 'Fractura coronaria',
            pedida: '2026-12-06T13:00:00.000Z',
            respuestaAntes: '2026-12-08T13:00:00.000Z',
            decidida: null,
            motivo: null,
            motivoTexto: null,
            notaAuditor: null,
            venceEl: null,
            items: [],
            mensajes: [],
            adjuntos: [],
            message: 'Autorización AU-K7M29QXP pedida: la revisa un auditor odontológico',
          },
        ];
      },
    });
    const uploads: string[] = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        status = 201;
        responseText = JSON.stringify({ message: 'Archivo agregado a la autorización' });
        upload = {};
        onload?: () => void;
        open(_m: string, url: string) {
          uploads.push(url);
        }
        setRequestHeader() {}
        send() {
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    renderApp('/atender');
    await userEvent.type(await screen.findByLabelText('Documento del paciente'), '30555111');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await userEvent.type(
      await screen.findByRole('combobox', { name: 'Código o nombre de la prestación' }),
      'corona',
    );
    await userEvent.click(await screen.findByRole('option', { name: /04\.01 Corona/ }));
    await userEvent.selectOptions(screen.getByLabelText('Pieza'), '46');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar prestación' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pedir autorización' }));

    expect(await screen.findByRole('heading', { name: 'Pedir autorización previa' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nota para el auditor'), 'Fractura coronaria');
    const foto = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'rx-46.jpg', { type: 'image/jpeg' });
    const camara = screen.getByLabelText('Desde el celular');
    expect(camara).toHaveAttribute('capture', 'environment');
    await userEvent.upload(camara, foto);
    expect(screen.getByText('rx-46.jpg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pedir autorización' }));

    expect(
      await screen.findByText('Autorización AU-K7M29QXP pedida: la revisa un auditor odontológico'),
    ).toBeInTheDocument();
    const pedido = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/autorizaciones')!;
    expect(pedido.body).toEqual({
      documento: '30555111',
      lineas: [{ codigo: '04.01', pieza: 46, caras: null, sector: null }],
      nota: 'Fractura coronaria',
    });
    expect(uploads).toEqual(['/api/autorizaciones/12/adjuntos']);
    expect(screen.getByRole('link', { name: 'Ver la autorización (en otra pestaña)' })).toHaveAttribute(
      'href',
      '/autorizaciones/12',
    );

    // Back at the visit the line says it was asked for; once approved, the number covers it by itself.
    await userEvent.click(screen.getByRole('button', { name: 'Volver a la atención' }));
    expect(await screen.findByText('Con la autorización AU-K7M29QXP')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Validar' })).toBeEnabled());
  });

  it('tells a dentist who does not take the insurer, and offers no visit', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    mockApi({ 'GET /api/user/me': user, 'GET /api/prestaciones/historia': { ...HISTORIA, atiende: false } });
    renderApp('/atender');
    await userEvent.type(await screen.findByLabelText('Documento del paciente'), '30555111');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Usted no atiende esa obra social')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Validar' })).not.toBeInTheDocument();
  });
});

describe('/mis-prestaciones', () => {
  const LINEA: MiPrestacion = {
    id: 31,
    atencionId: 3,
    codigoValidacion: 'K7M2-9QXP',
    fecha: '2026-12-06',
    afiliado: { nombre: 'Lucía Acuña', documento: '30555111' },
    obraSocial: 'OSDE',
    codigo: '04.01',
    nombre: 'Corona',
    pieza: 46,
    caras: null,
    sector: null,
    estado: 'validada',
    importe: 1_000_000,
    coseguro: 100_000,
    cargoOs: 900_000,
    regularizarAntes: null,
    anulable: true,
  };

  it('lists the month’s lines with their totals and anulls one', async () => {
    const user = makeSessionUser('PRESTADOR');
    storeStaffSession(user);
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/prestaciones': {
        periodo: '2026-12',
        lineas: [LINEA],
        totales: { lineas: 1, importe: 1_000_000, coseguro: 100_000, cargoOs: 900_000 },
      },
      'POST /api/prestaciones/lineas/31/anular': { message: 'Prestación anulada' },
    });
    renderApp('/mis-prestaciones');
    const table = await screen.findByRole('table', { name: 'Mis prestaciones' });
    expect(await within(table).findByText('K7M2-9QXP')).toBeInTheDocument();
    expect(screen.getByText('Coseguros cobrados', { exact: false })).toHaveTextContent(
      'Coseguros cobrados $ 1.000,00',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Anular 04.01 de Lucía Acuña' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Anular' }));
    expect(await screen.findByText('Prestación anulada')).toBeInTheDocument();
    expect(
      requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/prestaciones/lineas/31/anular'),
    ).toBe(true);
  });
});
