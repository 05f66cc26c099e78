import { MESSAGES, PUBLIC_CONFIG_META_NAME } from '@red-dental/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session.ts';
import { mockApi } from '@/test/api-mock.ts';
import { renderApp } from '@/test/render-app.tsx';

describe('/login-afiliado', () => {
  it('asks for the document in a text field with a numeric keyboard', async () => {
    renderApp('/login-afiliado');
    const field = await screen.findByLabelText('DNI');
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('link', { name: 'Ingrese aquí' })).toHaveAttribute('href', '/login');
  });

  it('signs the affiliate in and lands on /perfil-afiliado', async () => {
    const { requests } = mockApi({
      'POST /api/afiliados/login': { token: 'dni-jwt' },
      'GET /api/afiliados/profile': {},
    });
    const { router } = renderApp('/login-afiliado');
    await userEvent.type(await screen.findByLabelText('DNI'), '30.123.456');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil-afiliado'));
    expect(requests[0]!.body).toEqual({ documento: '30.123.456' });
    expect(getSession()).toEqual({ kind: 'afiliado', token: 'dni-jwt' });
  });

  it('requires the document and shows an unknown one under the field', async () => {
    mockApi({
      'POST /api/afiliados/login': [401, { error: MESSAGES.AFFILIATE_LOGIN_FAILED, code: 'NO_AUTENTICADO' }],
    });
    renderApp('/login-afiliado');
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText(MESSAGES.DOCUMENT_REQUIRED)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('DNI'), '99999999');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(
      await screen.findByText('El DNI ingresado no se encuentra en nuestra base de datos.'),
    ).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('asks for the birth date too where the network turned it on, and sends both', async () => {
    const meta = document.createElement('meta');
    meta.name = PUBLIC_CONFIG_META_NAME;
    meta.content = JSON.stringify({ tileUrl: 'x', affiliateLoginBirthdate: true });
    document.head.append(meta);
    try {
      const { requests } = mockApi({
        'POST /api/afiliados/login': { token: 'dni-jwt' },
        'GET /api/afiliados/profile': {},
      });
      const { router } = renderApp('/login-afiliado');
      await userEvent.type(await screen.findByLabelText('DNI'), '30123456');
      await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
      expect(await screen.findByText(MESSAGES.AFFILIATE_BIRTHDATE_REQUIRED)).toBeInTheDocument();
      expect(screen.getByLabelText('Fecha de Nacimiento')).toHaveFocus();
      expect(requests).toHaveLength(0);

      await userEvent.type(screen.getByLabelText('Fecha de Nacimiento'), '1985-04-12');
      await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/perfil-afiliado'));
      expect(requests[0]!.body).toEqual({ documento: '30123456', fecha_nacimiento: '1985-04-12' });
    } finally {
      meta.remove();
    }
  });
});
