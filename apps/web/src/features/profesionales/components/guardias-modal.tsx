import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { ScheduleField } from './profile-sections/index.ts';

/** The on-call hours ('Guardias'), edited in a dialog that Continuar closes; read-only in view mode. */
export function GuardiasModal({
  isOpen,
  onClose,
  isEditing,
}: {
  isOpen: boolean;
  onClose: () => void;
  isEditing: boolean;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Guardias"
      size="lg"
      footer={isEditing ? <Button onClick={onClose}>Continuar</Button> : undefined}
    >
      <ScheduleField name="guardias" legend="Horarios de Guardias" hideLegend isEditing={isEditing} />
    </Modal>
  );
}
