import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClasses } from './button.tsx';

describe('Button', () => {
  it('is a plain button that reacts to clicks', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Guardar</Button>);
    const button = screen.getByRole('button', { name: 'Guardar' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it.each(['primary', 'secondary', 'alert', 'none'] as const)('renders the %s variant', (variant) => {
    render(<Button variant={variant}>Aceptar</Button>);
    expect(screen.getByRole('button').className).toContain(variant);
  });

  it.each(['sm', 'md', 'lg', 'full'] as const)('renders the %s size', (size) => {
    render(<Button size={size}>Aceptar</Button>);
    expect(screen.getByRole('button').className).toContain(size);
  });

  it('shows a spinner and is disabled while loading', async () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button isLoading onClick={onClick}>
        Enviar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Enviar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('[class*="spinner"]')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('buttonClasses', () => {
  it('gives a link the look of a button', () => {
    render(
      <a href="/registro" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
        Continuar
      </a>,
    );
    const link = screen.getByRole('link', { name: 'Continuar' });
    expect(link.className).toContain('secondary');
    expect(link.className).toContain('lg');
  });
});
