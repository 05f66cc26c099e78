import { MESSAGES } from '@red-dental/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock.ts';
import { renderApp } from '@/test/render-app.tsx';

describe("confirming an account's changed e-mail", () => {
  it('opens the mailed link once and says the address is confirmed', async () => {
    const { requests } = mockApi({
      'POST /api/user/confirm-email': { message: MESSAGES.usuarios.EMAIL_CONFIRMED },
    });
    renderApp('/confirmar-email-cuenta/abc123');
    expect(await screen.findByText(MESSAGES.usuarios.EMAIL_CONFIRMED)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirmación de email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al inicio de sesión' })).toHaveAttribute('href', '/login');
    const sent = requests.filter((r) => r.url.pathname === '/api/user/confirm-email');
    expect(sent.map((r) => r.body)).toEqual([{ token: 'abc123' }]);
  });

  it("shows the server's words for a spent or expired link", async () => {
    mockApi({
      'POST /api/user/confirm-email': [
        400,
        { error: MESSAGES.usuarios.EMAIL_TOKEN_INVALID, code: 'TOKEN_INVALIDO' },
      ],
    });
    renderApp('/confirmar-email-cuenta/viejo');
    expect(await screen.findByText(MESSAGES.usuarios.EMAIL_TOKEN_INVALID)).toBeInTheDocument();
  });
});
