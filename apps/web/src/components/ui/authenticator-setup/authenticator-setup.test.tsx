import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthenticatorSetup, RecoveryCodes } from './authenticator-setup.tsx';

describe('AuthenticatorSetup', () => {
  it('shows the QR code with its name and the secret in groups of four', () => {
    render(<AuthenticatorSetup qr="data:image/svg+xml;base64,PHN2Zy8+" secret="JBSWY3DPEHPK3PXP" />);
    expect(
      screen.getByRole('img', { name: 'Código QR para la aplicación de autenticación' }),
    ).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  });
});

describe('RecoveryCodes', () => {
  it('lists every code', () => {
    render(<RecoveryCodes codes={['AAAAA-BBBBB', 'CCCCC-DDDDD']} />);
    const list = screen.getByRole('list', { name: 'Códigos de recuperación' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['AAAAA-BBBBB', 'CCCCC-DDDDD']);
  });
});
