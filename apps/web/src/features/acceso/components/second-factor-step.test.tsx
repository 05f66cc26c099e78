import { MESSAGES } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session.ts';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

async function signIn() {
  await userEvent.type(await screen.findByLabelText('Email'), 'admin@reddental.com.ar');
  await userEvent.type(screen.getByLabelText('Contraseña'), 'RedDental2025!');
  await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('/login with two-factor sign-in', () => {
  it('asks for the code of the app after the password, then signs in', async () => {
    const user = makeSessionUser('ADMINISTRADOR');
    const { requests } = mockApi({
      'POST /api/user/login': { segundoFactor: 'codigo', desafio: 'desafio-1' },
      'POST /api/user/login/codigo': [
        400,
        { error: MESSAGES.acceso.CODE_WRONG, fields: { codigo: MESSAGES.acceso.CODE_WRONG } },
      ],
      'GET /api/user/me': user,
    });
    const { router } = renderApp('/login');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(MESSAGES.acceso.CODE_REQUIRED)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Código'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(MESSAGES.acceso.CODE_WRONG)).toBeInTheDocument();
    expect(requests.at(-1)!.body).toEqual({ desafio: 'desafio-1', codigo: '123456' });

    mockApi({ 'POST /api/user/login/codigo': { user, token: 'jwt' }, 'GET /api/user/me': user });
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profesionales'));
    expect(getSession()).toEqual({ kind: 'staff', token: 'jwt', user });
  });

  it('sets the app up where the network requires it, and shows the recovery codes before going in', async () => {
    const user = makeSessionUser('ADMINISTRADOR');
    mockApi({
      'POST /api/user/login': { segundoFactor: 'configurar', desafio: 'desafio-2' },
      'POST /api/user/login/configurar': {
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/Red%20Dental:admin',
        qr: 'data:image/svg+xml;base64,PHN2Zy8+',
      },
      'POST /api/user/login/activar': { user, token: 'jwt', recoveryCodes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] },
      'GET /api/user/me': user,
    });
    const { router } = renderApp('/login');
    await signIn();
    expect(
      await screen.findByRole('heading', { name: 'Configure la verificación en dos pasos' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Código QR para la aplicación de autenticación' }),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Código'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    const codes = await screen.findByRole('list', { name: 'Códigos de recuperación' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(2);
    // Not signed in until the codes were seen.
    expect(getSession()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ya los guardé, continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profesionales'));
  });
});
