import { buildAfiliadoProfile } from '@red-dental/testing/responses';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { startSession } from '@/lib/session.ts';
import { forgetTokenGuardado, readTokenGuardado, saveTokenGuardado } from '@/lib/token-guardado.ts';
import { type MockRequest, mockApi } from '@/test/api-mock.ts';
import { makeAfiliadoToken, storeAffiliateSession } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

const SECRETO = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const LECTURA = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
const INVALIDO = 'El enlace o el código de activación no es válido, ya se usó o venció: pida uno nuevo';
const hour = () => Math.floor(Date.now() / 1000) + 3600;
const DISPOSITIVO = {
  id: 7,
  etiqueta: 'Chrome en Android',
  via: 'codigo',
  desde: '2026-12-01T12:00:00Z',
  ultimoUso: null,
};

/** A token kept on this device for affiliate 12, as enrolment keeps it. */
const guardar = (dispositivoId: number) =>
  saveTokenGuardado({
    afiliadoId: 12,
    dispositivoId,
    secreto: SECRETO,
    secretoLectura: LECTURA,
    pasoSegundos: 60,
    digitos: 6,
  });

/** The code an authenticator with the same secret shows now. */
const esperado = () =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 60, secret: Secret.fromBase32(SECRETO) }).generate();

describe('Mi token', () => {
  afterEach(() => forgetTokenGuardado());

  it('shows the code the phone computes, digit by digit for a screen reader', async () => {
    storeAffiliateSession(makeAfiliadoToken({ sub: '12', exp: hour() }));
    guardar(7);
    mockApi({
      'GET /api/afiliados/profile': buildAfiliadoProfile(),
      'GET /api/afiliados/profile/token': { dispositivo: DISPOSITIVO, email: null, emailDesde: null },
    });
    renderApp('/mi-token');
    expect(await screen.findByRole('heading', { name: 'Su token' })).toBeVisible();
    const codigo = esperado();
    expect(screen.getByText(`Token: ${codigo.split('').join(' ')}`)).toBeInTheDocument();
    expect(screen.getByText(`${codigo.slice(0, 3)} ${codigo.slice(3)}`)).toBeVisible();
    expect(screen.getByText(/^Cambia en \d+ s$/)).toBeVisible();
  });

  it('shows the code with no session at all (one that ran out offline), asking the server nothing', async () => {
    guardar(7);
    const { requests } = mockApi({});
    renderApp('/mi-token');
    expect(await screen.findByRole('heading', { name: 'Su token' })).toBeVisible();
    expect(screen.getByText(`Token: ${esperado().split('').join(' ')}`)).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/afiliados/profile/token')).toEqual([]);
  });

  it('forgets a secret the server no longer knows as this phone’s, and offers the ways to enrol it', async () => {
    storeAffiliateSession(makeAfiliadoToken({ sub: '12', exp: hour() }));
    guardar(6);
    let dispositivo = DISPOSITIVO;
    const { requests } = mockApi({
      'GET /api/afiliados/profile': buildAfiliadoProfile(),
      'GET /api/afiliados/profile/token': () => ({
        dispositivo,
        email: 'l***@correo.test',
        emailDesde: null,
      }),
      'POST /api/afiliados/profile/token/enlace': {
        message: 'Le enviamos un enlace a l***@correo.test. Ábralo en este teléfono para activar el token',
      },
      'POST /api/afiliados/profile/token': ({ body }: MockRequest) => {
        if ((body as { codigo?: string }).codigo !== 'K7M2-9QXP-4RTA')
          return [400, { error: INVALIDO, fields: { codigo: INVALIDO } }];
        dispositivo = { ...DISPOSITIVO, id: 8 };
        return {
          dispositivoId: 8,
          afiliadoId: 12,
          secreto: SECRETO,
          secretoLectura: LECTURA,
          algoritmo: 'SHA1',
          digitos: 6,
          pasoSegundos: 60,
          message: 'Token activado en este teléfono',
        };
      },
    });
    renderApp('/mi-token');
    expect(await screen.findByRole('heading', { name: 'Activar el token en este teléfono' })).toBeVisible();
    expect(readTokenGuardado()).toBeNull();
    expect(screen.getByText(/Su token está activo en Chrome en Android/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Enviar el enlace a l***@correo.test' }));
    expect(await screen.findByText(/Le enviamos un enlace a l\*\*\*@correo\.test/)).toBeVisible();

    await userEvent.type(screen.getByLabelText('Código de activación impreso'), 'AAAA');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText(/no es válido, ya se usó o venció/)).toBeVisible();
    await userEvent.clear(screen.getByLabelText('Código de activación impreso'));
    await userEvent.type(screen.getByLabelText('Código de activación impreso'), 'K7M2-9QXP-4RTA');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByRole('heading', { name: 'Su token' })).toBeVisible();
    expect(readTokenGuardado()).toMatchObject({ afiliadoId: 12, dispositivoId: 8 });
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      '/api/afiliados/profile/token/enlace',
      '/api/afiliados/profile/token',
      '/api/afiliados/profile/token',
    ]);
  });

  it('leaves the phone’s token when another person signs in on it', () => {
    guardar(7);
    mockApi({ 'POST /api/afiliados/token/olvidar': [204, null] });
    startSession({ kind: 'afiliado', token: makeAfiliadoToken({ sub: '12', exp: hour() }) });
    expect(readTokenGuardado()).not.toBeNull();
    startSession({ kind: 'afiliado', token: makeAfiliadoToken({ sub: '13', exp: hour() }) });
    expect(readTokenGuardado()).toBeNull();
  });
});
