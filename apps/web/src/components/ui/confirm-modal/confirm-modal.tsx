import type { ReactNode } from 'react';
import { Button } from '../button/index.ts';
import { Modal } from '../modal/index.ts';

export interface ConfirmModalProps {
  isOpen: boolean;
  title: string;
  /** What will happen, in words. */
  children: ReactNode;
  /** The button that does it; 'Eliminar' unless said otherwise. */
  confirmLabel?: string;
  /** Held while the request runs, so it is not sent twice. */
  isPending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A small dialog asking before something is taken away: what will happen,
 * 'Cancelar', and the alert-styled button that does it.
 */
export function ConfirmModal({
  isOpen,
  title,
  children,
  confirmLabel = 'Eliminar',
  isPending = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button variant="alert" disabled={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
