import { MESSAGES } from '@red-dental/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { EmailRequestModal } from './index.ts';

function open(send: (email: string) => Promise<string>, onClose = vi.fn()) {
  renderWithProviders(
    <EmailRequestModal
      isOpen
      onClose={onClose}
      title="Recuperar contraseña"
      intro="Ingrese el email de su cuenta."
      send={send}
      describeError={() => 'No hay una cuenta con ese email.'}
    />,
  );
  return onClose;
}

describe('EmailRequestModal', () => {
  it('checks the address before sending it', async () => {
    const send = vi.fn();
    open(send);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MESSAGES.EMAIL_REQUIRED)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the address, tells what came of it and closes', async () => {
    const send = vi.fn(async () => 'Le enviamos un email.');
    const onClose = open(send);
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Le enviamos un email.')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith('ana@example.com');
    expect(onClose).toHaveBeenCalled();
  });

  it('says a refusal in the words it is given and stays open', async () => {
    const onClose = open(() => Promise.reject(new Error('404')));
    await userEvent.type(screen.getByLabelText('Email'), 'nadie@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('No hay una cuenta con ese email.')).toBeInTheDocument();
    await waitFor(() => expect(onClose).not.toHaveBeenCalled());
    expect(screen.getByRole('dialog', { name: 'Recuperar contraseña' })).toBeInTheDocument();
  });
});
