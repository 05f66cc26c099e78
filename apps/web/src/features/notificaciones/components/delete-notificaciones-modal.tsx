import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { formatNumber } from '@/lib/format.ts';

export interface DeleteNotificacionesModalProps {
  isOpen: boolean;
  count: number;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting: the recipients lose them and their files are removed. */
export function DeleteNotificacionesModal({
  isOpen,
  count,
  isDeleting,
  onConfirm,
  onClose,
}: DeleteNotificacionesModalProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Eliminar Seleccionados"
      tone="error"
      size="sm"
      closeOnOutsideClick={!isDeleting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isDeleting}>
            Cancelar
          </Button>
          <Button variant="alert" onClick={onConfirm} isLoading={isDeleting}>
            Eliminar
          </Button>
        </>
      }
    >
      <p>
        {count === 1
          ? 'Se eliminará la notificación seleccionada'
          : `Se eliminarán las ${formatNumber(count)} notificaciones seleccionadas`}
        , con su archivo, y dejarán de verla quienes la recibieron. Esta acción no se puede deshacer.
      </p>
    </Modal>
  );
}
