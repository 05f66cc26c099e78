import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

describe('/invitacion/{token}', () => {
  it('greets the invitee, checks the password twice and activates the account', async () => {
    const { requests } = mockApi({
      'GET /api/user/invitaciones/abc': { nombre: 'Marta Quiroga', email: 'marta@reddental.com.ar' },
      'PUT /api/user/invitaciones/abc': { message: MESSAGES.usuarios.INVITATION_ACCEPTED },
    });
    renderApp('/invitacion/abc');
    expect(await screen.findByRole('heading', { name: 'Hola, Marta Quiroga' })).toBeInTheDocument();
    expect(screen.getByText('marta@reddental.com.ar')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Consultorio-2026');
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'Consultorio-2027');
    await userEvent.click(screen.getByRole('button', { name: 'Activar mi cuenta' }));
    expect(await screen.findByText(MESSAGES.PASSWORD_MISMATCH)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Confirmar Contraseña'));
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'Consultorio-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Activar mi cuenta' }));
    expect(await screen.findByText(MESSAGES.usuarios.INVITATION_ACCEPTED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al inicio de sesión' })).toHaveAttribute('href', '/login');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ password: 'Consultorio-2026' });
  });

  it('goes on to set the app up where the network requires it, and that signs the invitee in', async () => {
    const user = makeSessionUser('ADMINISTRATIVO');
    const { requests } = mockApi({
      'GET /api/user/invitaciones/abc': { nombre: 'Marta Quiroga', email: 'marta@reddental.com.ar' },
      'PUT /api/user/invitaciones/abc': {
        message: MESSAGES.usuarios.INVITATION_ACCEPTED_SECOND_FACTOR,
        segundoFactor: 'configurar',
        desafio: 'desafio-1',
      },
      'POST /api/user/login/configurar': {
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/x',
        qr: 'data:image/svg+xml;base64,PHN2Zy8+',
      },
      'POST /api/user/login/activar': { user, token: 'token-1', recoveryCodes: ['AAAAA-BBBBB'] },
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
    });
    const { router } = renderApp('/invitacion/abc');
    await userEvent.type(await screen.findByLabelText('Contraseña'), 'Consultorio-2026');
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'Consultorio-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Activar mi cuenta' }));
    expect(await screen.findByText(MESSAGES.usuarios.INVITATION_ACCEPTED_SECOND_FACTOR)).toBeInTheDocument();
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/user/login/configurar')?.body).toEqual({
      desafio: 'desafio-1',
    });
    // No password asked again: the code alone finishes it.
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Código'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ya los guardé, continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profesionales'));
    expect(requests.find((r) => r.url.pathname === '/api/user/login/activar')?.body).toEqual({
      desafio: 'desafio-1',
      codigo: '123456',
    });
  });

  it('says a used or expired link is so before any form, and who sends a new one', async () => {
    mockApi({
      'GET /api/user/invitaciones/viejo': [
        400,
        { error: MESSAGES.usuarios.INVITATION_INVALID, code: ERROR_CODES.INVALID_TOKEN },
      ],
    });
    renderApp('/invitacion/viejo');
    const alert = (await screen.findByText('El enlace ya se usó o venció')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('Pida al administrador de la red que le envíe una invitación nueva');
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al inicio de sesión' })).toHaveAttribute('href', '/login');
  });

  it('says so too when the link ran out while the password was being chosen', async () => {
    mockApi({
      'GET /api/user/invitaciones/abc': { nombre: 'Marta Quiroga', email: 'marta@reddental.com.ar' },
      'PUT /api/user/invitaciones/abc': [
        400,
        { error: MESSAGES.usuarios.INVITATION_INVALID, code: ERROR_CODES.INVALID_TOKEN },
      ],
    });
    renderApp('/invitacion/abc');
    await userEvent.type(await screen.findByLabelText('Contraseña'), 'Consultorio-2026');
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'Consultorio-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Activar mi cuenta' }));
    expect(
      (await screen.findByText('El enlace ya se usó o venció')).closest('[role="alert"]'),
    ).not.toBeNull();
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
  });

  it("shows the server's words for a failure that is not the link's (the form stays out of reach)", async () => {
    mockApi({ 'GET /api/user/invitaciones/abc': [429, { error: MESSAGES.RATE_LIMITED }] });
    renderApp('/invitacion/abc');
    expect(await screen.findByText(MESSAGES.RATE_LIMITED)).toBeInTheDocument();
    expect(screen.queryByText('El enlace ya se usó o venció')).not.toBeInTheDocument();
  });
});
