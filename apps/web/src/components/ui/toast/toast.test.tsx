import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../button/index.ts';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './toast.tsx';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <Button onClick={() => toast.success('Guardado')}>ok</Button>
      <Button onClick={() => toast.error('Falló')}>mal</Button>
    </>
  );
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a success toast in the status region for 5000 ms', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'ok' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Guardado');
    expect(screen.getByText('Guardado').closest('[data-kind]')).toHaveAttribute('data-kind', 'success');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByText('Guardado')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Guardado')).not.toBeInTheDocument();
  });

  it('shows one toast at a time: a new one replaces the current one', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'ok' }).click());
    act(() => screen.getByRole('button', { name: 'mal' }).click());
    expect(screen.queryByText('Guardado')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Falló');
    expect(screen.getByText('Falló').closest('[data-kind]')).toHaveAttribute('data-kind', 'error');
  });

  it('can be dismissed', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'mal' }).click());
    act(() => screen.getByRole('button', { name: 'Cerrar aviso' }).click());
    expect(screen.queryByText('Falló')).not.toBeInTheDocument();
  });
});
