import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button/index.ts';
import { Modal, type ModalProps } from './modal.tsx';

function Harness(props: Partial<ModalProps>) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Abrir</Button>
      <Modal
        title="Confirmar eliminación"
        {...props}
        isOpen={isOpen}
        onClose={() => {
          props.onClose?.();
          setIsOpen(false);
        }}
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsOpen(false)}>
              Cancelar
            </Button>
            <Button>Confirmar</Button>
          </>
        }
      >
        <p>¿Estás seguro?</p>
      </Modal>
    </>
  );
}

async function open() {
  await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
  return screen.getByRole('dialog', { name: 'Confirmar eliminación' });
}

describe('Modal', () => {
  it('is a titled modal dialog with a close button', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const dialog = await open();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves focus inside, keeps it there, and gives it back on close', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await open();
    const close = screen.getByRole('button', { name: 'Cerrar' });
    const confirm = screen.getByRole('button', { name: 'Confirmar' });
    expect(close).toHaveFocus();

    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await userEvent.tab();
    expect(confirm).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(confirm).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    render(<Harness />);
    await open();
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on a click inside', async () => {
    render(<Harness />);
    const dialog = await open();
    await userEvent.click(screen.getByText('¿Estás seguro?'));
    expect(dialog).toBeInTheDocument();
  });

  it('stays open on a click outside when that is prevented', async () => {
    render(<Harness closeOnOutsideClick={false} />);
    await open();
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('stays open on Escape when that is prevented', async () => {
    render(<Harness closeOnEscape={false} />);
    await open();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('makes the page behind inert while open', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    render(<Harness />, { container: root });
    await open();
    expect(root.inert).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(root.inert).toBe(false);
    root.remove();
  });
});
