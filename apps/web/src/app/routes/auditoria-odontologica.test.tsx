import type { Autorizacion, AutorizacionFila, ContextoAuditoria } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const hace = (horas: number) => new Date(Date.now() - horas * 3600_000).toISOString();

function autorizacion(id: number, numero: string, over: Partial<Autorizacion> = {}): Autorizacion {
  return {
    id,
    numero,
    estado: 'en_revision',
    afiliado: { id: 5, nombre: `Paciente ${id}`, documento: `3055511${id}` },
    profesional: { id: 3, nombre: 'Dra. Ana Ruiz' },
    obraSocial: { id: 1, nombre: 'OSDE' },
    nota: 'Lesión periapical',
    pedida: hace(50),
    respuestaAntes: new Date(Date.now() - 2 * 3600_000).toISOString(),
    decidida: null,
    motivo: null,
    motivoTexto: null,
    notaAuditor: null,
    venceEl: null,
    items: [
      {
        id: id * 10,
        codigo: '03.01',
        nombre: 'Tratamiento endodóntico',
        pieza: 36,
        caras: null,
        sector: null,
        estado: 'pendiente',
        consumido: false,
        resultados: [{ codigo: 'D05', nivel: 'aviso', mensaje: 'Falta la Rx preoperatoria' }],
      },
    ],
    mensajes: [],
    adjuntos: [
      { id: 7, tipo: 'rx_pre', nombre: 'rx-36.jpg', mime: 'image/jpeg', bytes: 120_000, subido: hace(49) },
    ],
    ...over,
  };
}

const fila = ({ mensajes: _m, nota: _n, notaAuditor: _a, ...a }: Autorizacion): AutorizacionFila => a;

const CONTEXTO: ContextoAuditoria = {
  lineas: [
    {
      fecha: '2026-03-14',
      codigo: '02.01',
      nombre: 'Obturación simple',
      pieza: 36,
      caras: 'O',
      sector: null,
      estado: 'validada',
      prestador: 'Dra. Ana Ruiz',
      texto: '36 O: Obturación simple (02.01) el 14/03/2026 por Dra. Ana Ruiz',
    },
  ],
  respuestas: [
    {
      atencionId: 4,
      fecha: '2026-03-14',
      prestador: 'Dra. Ana Ruiz',
      atendido: false,
      cobro: 0,
      coseguro: 0,
      respondida: hace(3000),
      observada: true,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('/auditoria-odontologica', () => {
  it('opens the queue’s first request with its context, decides from the keyboard and opens the next', async () => {
    const user = makeSessionUser('AUDITOR ODONTOLÓGICO');
    storeStaffSession(user);
    const primera = autorizacion(1, 'AU-AAAA2222');
    const segunda = autorizacion(2, 'AU-BBBB3333');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:rx', revokeObjectURL: () => undefined }),
    );
    const { requests } = mockApi({
      'GET /api/user/me': user,
      'GET /api/obra-sociales/list': [{ id: 1, nombre: 'OSDE' }],
      'GET /api/auditoria-odontologica/cola': { rows: [fila(primera), fila(segunda)], rowCount: 2 },
      'GET /api/autorizaciones/1': primera,
      'GET /api/autorizaciones/2': segunda,
      'GET /api/autorizaciones/1/adjuntos/7': new Response(new Uint8Array([0xff, 0xd8]), {
        headers: { 'Content-Type': 'image/jpeg' },
      }),
      'GET /api/auditoria-odontologica/1/contexto': CONTEXTO,
      'GET /api/auditoria-odontologica/2/contexto': { lineas: [], respuestas: [] },
      'PUT /api/autorizaciones/1': { message: 'Decisión registrada' },
    });
    renderApp('/auditoria-odontologica');

    const cola = await screen.findByRole('list', { name: 'Autorizaciones de la cola' });
    expect(await within(cola).findAllByRole('button')).toHaveLength(2);
    const abierta = await screen.findByRole('region', { name: 'Autorización AU-AAAA2222' });
    expect(
      within(abierta).getByText(/^En revisión desde hace 2 días — la respuesta estaba prometida antes del/),
    ).toBeInTheDocument();
    expect(screen.getByText('El plan pide la Rx preoperatoria: ya se adjuntó')).toBeInTheDocument();
    expect(await screen.findByText(CONTEXTO.lineas[0]!.texto)).toBeInTheDocument();
    expect(screen.getByText('14/03/2026, Dra. Ana Ruiz: Dijo que no lo atendieron')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Rx preoperatoria: rx-36.jpg' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Girar rx-36.jpg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Acercar rx-36.jpg' }));
    expect(screen.getByText('150 %')).toBeInTheDocument();

    // R asks for the reason first; Escape lets it go. O asks what the dentist must send; Enter decides.
    await userEvent.keyboard('r');
    await waitFor(() => expect(screen.getByLabelText('Motivo')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByLabelText('Motivo')).not.toBeInTheDocument();
    await userEvent.keyboard('o');
    const nota = await screen.findByLabelText('Qué debe enviar o responder el profesional');
    await waitFor(() => expect(nota).toHaveFocus());
    await userEvent.keyboard('Adjunte Rx periapical de 36{Enter}');

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        decision: 'observar',
        nota: 'Adjunte Rx periapical de 36',
      }),
    );
    expect(await screen.findByRole('region', { name: 'Autorización AU-BBBB3333' })).toBeInTheDocument();
  });
});
