import { MESSAGES, type Plan, type Regla } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeSessionUser, storeStaffSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const PLAN: Plan = {
  id: 7,
  obraSocial: { id: 1, nombre: 'OSDE' },
  codigo: '210',
  nombre: 'Plan 210',
  reglas: 1,
  afiliados: 3,
};

const LIMPIEZA: Regla = {
  id: 11,
  planId: 7,
  objetivo: '05.01',
  objetivoNombre: 'Limpieza (05.01)',
  cubre: true,
  coberturaPct: 100,
  coseguroImporte: null,
  coseguroPct: null,
  requiereAutorizacion: false,
  adjuntos: [],
  frecuencia: 1,
  periodoDias: 180,
  anioCalendario: false,
  ambito: 'afiliado',
  mismoPrestador: false,
  edadMin: null,
  edadMax: null,
  carenciaDias: null,
  topeMensual: null,
  garantiaMeses: null,
  vigenteDesde: '2026-01-01',
  vigenteHasta: null,
  texto: 'Limpieza (05.01): una cada 180 días por afiliado, 100 %, sin coseguro',
};

function signedIn(role: 'ADMINISTRADOR' | 'PRESTADOR') {
  const user = makeSessionUser(role);
  storeStaffSession(user);
  return {
    'GET /api/user/me': user,
    'GET /api/planes': [PLAN],
    'GET /api/obra-sociales/list': [{ id: 1, nombre: 'OSDE' }],
    'GET /api/nomenclador/grupos': [{ id: 2, nombre: 'Prótesis fija', codigos: ['04.01'] }],
    'GET /api/planes/7/reglas': [LIMPIEZA],
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('/planes', () => {
  it('shows a dentist the plans and each rule in words, with nothing to change', async () => {
    const { requests } = mockApi(signedIn('PRESTADOR'));
    renderApp('/planes');
    const table = await screen.findByRole('table', { name: 'Planes' });
    const row = (await within(table).findByText('Plan 210')).closest('tr')!;
    expect(row).toHaveTextContent('OSDE');
    expect(screen.queryByRole('button', { name: 'Nuevo plan' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Ver las reglas de Plan 210 (OSDE)' }));
    const reglas = await screen.findByRole('table', { name: 'Reglas de Plan 210' });
    expect(await within(reglas).findByText(LIMPIEZA.texto)).toBeInTheDocument();
    expect(within(reglas).getByText('Desde el 01/01/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nueva regla' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Todas las versiones' }));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.url.pathname === '/api/planes/7/reglas')
          .at(-1)!
          .url.searchParams.has('fecha'),
      ).toBe(false),
    );
  });

  it('writes a rule through the editor, reads it back in words as it is typed, and places a refusal under its field', async () => {
    const { requests } = mockApi({
      ...signedIn('ADMINISTRADOR'),
      'POST /api/planes/7/reglas': ({ body }: MockRequest) =>
        (body as { vigenteDesde: string }).vigenteDesde === '2026-03-01'
          ? [
              409,
              {
                error: MESSAGES.planes.OVERLAPS('Grupo Prótesis fija', '01/01/2026', null),
                fields: { vigenteDesde: MESSAGES.planes.OVERLAPS('Grupo Prótesis fija', '01/01/2026', null) },
              },
            ]
          : [201, { ...LIMPIEZA, id: 12 }],
    });
    renderApp('/planes');
    const table = await screen.findByRole('table', { name: 'Planes' });
    await userEvent.click(
      await within(table).findByRole('button', { name: 'Ver las reglas de Plan 210 (OSDE)' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva regla' }));
    const dialog = screen.getByRole('dialog', { name: 'Nueva regla' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Se aplica a'), 'grupo');
    await userEvent.selectOptions(within(dialog).getByLabelText('Grupo'), 'Prótesis fija');
    await userEvent.selectOptions(within(dialog).getByLabelText('Coseguro'), 'pct');
    await userEvent.type(within(dialog).getByLabelText('Coseguro (%)'), '50');
    await userEvent.type(within(dialog).getByLabelText('Carencia (días)'), '60');
    await userEvent.type(within(dialog).getByLabelText('Tope por mes'), '4');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Requiere autorización previa' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Rx preoperatoria' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Rx postoperatoria' }));
    await userEvent.type(within(dialog).getByLabelText('Vigente desde'), '2026-03-01');
    expect(within(dialog).getByText(/^Grupo Prótesis fija: 100 %/)).toHaveTextContent(
      'Grupo Prótesis fija: 100 %, coseguro 50 %, hasta 4 por mes, carencia de 60 días, requiere autorización previa, con Rx preoperatoria y Rx postoperatoria',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar regla' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Vigente desde')).toHaveAccessibleDescription(
        expect.stringContaining('Ya hay una regla para Grupo Prótesis fija'),
      ),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      objetivo: 'grupo:Prótesis fija',
      cubre: true,
      coberturaPct: 100,
      coseguroImporte: null,
      coseguroPct: 50,
      requiereAutorizacion: true,
      adjuntos: ['rx_pre', 'rx_post'],
      frecuencia: null,
      ambito: null,
      carenciaDias: 60,
      topeMensual: 4,
      vigenteDesde: '2026-03-01',
      vigenteHasta: null,
    });
  });
});
