import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MailIcon } from '../icons/index.ts';
import { PasswordInput, TextInput } from './text-input.tsx';

describe('TextInput', () => {
  it('is named by its label and shows its icon', () => {
    const { container } = render(<TextInput label="E-mail" icon={<MailIcon />} />);
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeInTheDocument();
    expect(container.querySelector('svg')).not.toBeNull();
  });

  it('shows the error line, described by it and marked invalid', () => {
    render(<TextInput label="Email" hint="Su correo" error="El email es requerido" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Su correo El email es requerido');
    expect(screen.getByText('El email es requerido')).toBeVisible();
  });

  it('is not marked invalid without an error', () => {
    render(<TextInput label="Nombre" />);
    expect(screen.getByRole('textbox', { name: 'Nombre' })).not.toHaveAttribute('aria-invalid');
  });
});

describe('PasswordInput', () => {
  it('hides the password until the toggle is pressed', async () => {
    render(<PasswordInput label="Contraseña" defaultValue="secreta123" />);
    const input = screen.getByLabelText('Contraseña');
    expect(input).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(input).toHaveAttribute('type', 'text');

    const toggle = screen.getByRole('button', { name: 'Ocultar contraseña' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
  });
});
