import { MESSAGES } from '@red-dental/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
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

  it('says when the link is spent or expired', async () => {
    mockApi({
      'GET /api/user/invitaciones/viejo': [400, { error: MESSAGES.usuarios.INVITATION_INVALID }],
    });
    renderApp('/invitacion/viejo');
    expect(await screen.findByText(MESSAGES.usuarios.INVITATION_INVALID)).toBeInTheDocument();
    expect(screen.queryByLabelText('Contraseña')).not.toBeInTheDocument();
  });
});
