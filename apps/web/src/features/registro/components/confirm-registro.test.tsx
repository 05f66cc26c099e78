import { MESSAGES } from '@red-dental/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { renderApp } from '@/test/render-app.tsx';

describe('confirming a sign-up e-mail', () => {
  it('opens the mailed link once and says the address is confirmed', async () => {
    const { requests } = mockApi({
      'POST /api/registro/confirm-email': { message: MESSAGES.REGISTRO_EMAIL_CONFIRMED },
    });
    renderApp('/confirmar-registro/abc123');
    expect(await screen.findByText(MESSAGES.REGISTRO_EMAIL_CONFIRMED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al inicio de sesión' })).toHaveAttribute('href', '/login');
    const sent = requests.filter((r) => r.url.pathname === '/api/registro/confirm-email');
    expect(sent.map((r) => r.body)).toEqual([{ token: 'abc123' }]);
  });

  it("shows the server's words for a spent or expired link", async () => {
    mockApi({
      'POST /api/registro/confirm-email': [
        400,
        { error: MESSAGES.REGISTRO_TOKEN_INVALID, code: 'TOKEN_INVALIDO' },
      ],
    });
    renderApp('/confirmar-registro/viejo');
    expect(await screen.findByText(MESSAGES.REGISTRO_TOKEN_INVALID)).toBeInTheDocument();
  });

  it("asks for a new link from the sign-in page's 'Reenviar email de confirmación'", async () => {
    const { requests } = mockApi({
      'POST /api/registro/resend-confirmation': { message: MESSAGES.REGISTRO_CONFIRMATION_SENT },
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Reenviar email de confirmación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reenviar email de confirmación' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'Ana@Consultorio.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MESSAGES.REGISTRO_CONFIRMATION_SENT)).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/registro/resend-confirmation')!.body).toEqual({
      email: 'ana@consultorio.example',
    });
  });
});
