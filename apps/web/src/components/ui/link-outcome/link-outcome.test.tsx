import { MESSAGES } from '@red-dental/contracts';
import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { MailedLinkOutcome, SpentLink } from './index.ts';

describe('MailedLinkOutcome', () => {
  it('spends the token once, even when effects run twice, and says it is checking', () => {
    const confirm = vi.fn();
    renderWithProviders(
      <StrictMode>
        <MailedLinkOutcome title="Confirmación de email" token="abc" confirm={confirm} status="pending" />
      </StrictMode>,
      { route: '/' },
    );
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith('abc');
    expect(screen.getByText('Confirmando su email...')).toBeInTheDocument();
  });

  it("shows the server's words and the way to the sign-in", () => {
    renderWithProviders(
      <MailedLinkOutcome
        title="Confirmación de email"
        token="abc"
        confirm={() => undefined}
        status="error"
        message="El enlace ya se usó o venció"
      />,
      { route: '/' },
    );
    expect(screen.getByText('El enlace ya se usó o venció')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al inicio de sesión' })).toHaveAttribute('href', '/login');
  });
});

describe('SpentLink', () => {
  it('says the link is spent, how to get a new one, and what to do next', () => {
    renderWithProviders(
      <SpentLink title="Recuperar contraseña" hint="Pida un enlace nuevo.">
        <button type="button">Pedir un enlace nuevo</button>
      </SpentLink>,
    );
    expect(screen.getByRole('heading', { name: 'Recuperar contraseña' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.LINK_SPENT)).toBeInTheDocument();
    expect(screen.getByText('Pida un enlace nuevo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pedir un enlace nuevo' })).toBeInTheDocument();
  });
});
