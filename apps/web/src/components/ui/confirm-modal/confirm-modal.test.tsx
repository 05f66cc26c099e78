import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from './confirm-modal.tsx';

describe('ConfirmModal', () => {
  it('asks in words, and either cancels or does it, once', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const { rerender } = render(
      <ConfirmModal isOpen title="Eliminar plan" onConfirm={onConfirm} onClose={onClose}>
        <p>¿Eliminar el plan «Plan 210»?</p>
      </ConfirmModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Eliminar plan' });
    expect(dialog).toHaveTextContent('¿Eliminar el plan «Plan 210»?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    rerender(
      <ConfirmModal isOpen isPending title="Eliminar plan" onConfirm={onConfirm} onClose={onClose}>
        <p>¿Eliminar el plan «Plan 210»?</p>
      </ConfirmModal>,
    );
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeDisabled();
  });
});
