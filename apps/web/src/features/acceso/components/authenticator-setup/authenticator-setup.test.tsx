import { MESSAGES } from '@red-dental/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { AuthenticatorSetup } from './authenticator-setup.tsx';
import { RECOVERY_CODES_FILE_NAME, RecoveryCodes } from './recovery-codes.tsx';

const CODES = ['AAAAA-BBBBB', 'CCCCC-DDDDD'];

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
  afterEach(() => vi.restoreAllMocks());

  it('lists every code', () => {
    renderWithProviders(<RecoveryCodes codes={CODES} />);
    const list = screen.getByRole('list', { name: 'Códigos de recuperación' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
  });

  it("'Copiar' puts the codes, one a line, on the clipboard and says so", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RecoveryCodes codes={CODES} account="ana@reddental.com.ar" />);
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.acceso.CODES_COPIED);
    const copied = await navigator.clipboard.readText();
    expect(copied.split('\n')).toEqual(expect.arrayContaining([...CODES, 'Cuenta: ana@reddental.com.ar']));
  });

  it('says when the clipboard refuses, and what to do instead', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    renderWithProviders(<RecoveryCodes codes={CODES} />);
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.acceso.CODES_COPY_FAILED);
  });

  it("'Descargar' saves them as red-dental-codigos-de-recuperacion.txt", async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:codigos';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderWithProviders(<RecoveryCodes codes={CODES} />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar' }));
    expect(clicked.map((a) => [a.download, a.href])).toEqual([[RECOVERY_CODES_FILE_NAME, 'blob:codigos']]);
    expect(RECOVERY_CODES_FILE_NAME).toBe('red-dental-codigos-de-recuperacion.txt');
    expect(blobs[0]!.type).toBe('text/plain;charset=utf-8');
    const text = await blobs[0]!.text();
    expect(text).toContain('Red Dental: códigos de recuperación');
    expect(text.split('\n')).toEqual(expect.arrayContaining(CODES));
  });

  it("'Imprimir' prints a copy holding the codes alone, and the page prints as before afterwards", async () => {
    let flagWhilePrinting: string | undefined;
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      flagWhilePrinting = document.documentElement.dataset.imprimir;
    });
    renderWithProviders(<RecoveryCodes codes={CODES} account="ana@reddental.com.ar" />);
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(flagWhilePrinting).toBe('codigos-de-recuperacion');
    const copy = [...document.body.children].find((e) => e.textContent?.includes('Cuenta: ana@'));
    expect(copy?.textContent).toContain('AAAAA-BBBBB');
    expect(copy?.textContent).toContain('CCCCC-DDDDD');
    window.dispatchEvent(new Event('afterprint'));
    expect(document.documentElement.dataset.imprimir).toBeUndefined();
  });
});
