import { MESSAGES } from '@red-dental/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session.ts';
import { mockApi } from '@/test/api-mock.ts';
import { makeSessionUser } from '@/test/factories.ts';
import { renderApp } from '@/test/render-app.tsx';

async function signIn(user = 'prestador@reddental.com.ar', pass = 'RedDental2025!') {
  await userEvent.type(await screen.findByLabelText('Email'), user);
  await userEvent.type(screen.getByLabelText('Contraseña'), pass);
  await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('/login', () => {
  it('lands a professional on /mi-perfil and keeps the session', async () => {
    const user = makeSessionUser('PRESTADOR');
    const { requests } = mockApi({
      'POST /api/user/login': { user, token: 'jwt' },
      'GET /api/user/me': user,
      'GET /api/notificaciones/unread': {},
    });
    const { router } = renderApp('/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mi-perfil'));
    expect(requests[0]!.body).toEqual({ user: 'prestador@reddental.com.ar', pass: 'RedDental2025!' });
    expect(getSession()).toEqual({ kind: 'staff', token: 'jwt', user });
  });

  it('lands whoever may list professionals on /profesionales', async () => {
    const user = makeSessionUser('ADMINISTRADOR');
    mockApi({ 'POST /api/user/login': { user, token: 'jwt' }, 'GET /api/user/me': user });
    const { router } = renderApp('/login');
    await signIn('admin@reddental.com.ar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profesionales'));
  });

  it('requires both fields', async () => {
    const { requests } = mockApi({});
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText(MESSAGES.EMAIL_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("shows the server's error under the password field, until the next edit", async () => {
    mockApi({
      'POST /api/user/login': [
        403,
        { error: 'Su solicitud de registro aún no fue aprobada', code: 'SIN_PERMISO' },
      ],
    });
    renderApp('/login');
    await signIn();
    const password = screen.getByLabelText('Contraseña');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('Su solicitud de registro aún no fue aprobada'),
    );
    await userEvent.type(password, 'x');
    expect(screen.queryByText('Su solicitud de registro aún no fue aprobada')).not.toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    renderApp('/login');
    const password = await screen.findByLabelText('Contraseña');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it("'Olvide mi Contraseña' sends the recovery mail", async () => {
    const { requests } = mockApi({ 'POST /api/user/recover-password': [200, {}] });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Olvide mi Contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recuperar contraseña' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'Ana@Consultorio.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Le enviamos un email');
    expect(requests[0]!.body).toEqual({ email: 'ana@consultorio.com' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Olvide mi Contraseña' checks the e-mail and shows the server's refusal in a toast", async () => {
    mockApi({
      'POST /api/user/recover-password': [
        404,
        { error: MESSAGES.RECOVER_UNKNOWN_EMAIL, code: 'NO_ENCONTRADO' },
      ],
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Olvide mi Contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recuperar contraseña' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'no-es-un-mail');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(MESSAGES.EMAIL_INVALID)).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'nadie@reddental.com.ar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.RECOVER_UNKNOWN_EMAIL);
    expect(dialog).toBeInTheDocument();
  });

  it('links to the affiliate login', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Ingrese al portal de afiliados' })).toHaveAttribute(
      'href',
      '/login-afiliado',
    );
  });
});
