import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import styles from './profile-form.module.css';
import type { ProfileFormValues } from './profile-form-values.ts';
import { ScheduleField, useCheckSchedule } from './profile-sections/index.ts';

/**
 * The on-call hours ('Guardias'), edited in a dialog; read-only in view mode.
 * Continuar closes it only when the hours pass the checks, otherwise the
 * refused day says why and takes the focus; it opens on that day too when a
 * save found it refused.
 */
export function GuardiasModal({
  isOpen,
  onClose,
  isEditing,
}: {
  isOpen: boolean;
  onClose: () => void;
  isEditing: boolean;
}) {
  const { getFieldState, setFocus } = useFormContext<ProfileFormValues>();
  const checkSchedule = useCheckSchedule();

  // After the dialog has placed its first focus (setFocus waits a turn).
  useEffect(() => {
    if (isOpen && isEditing && getFieldState('guardias').error) setFocus('guardias');
  }, [isOpen, isEditing, getFieldState, setFocus]);

  const proceed = () => {
    if (checkSchedule('guardias')) onClose();
    else setFocus('guardias');
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Guardias"
      size="lg"
      footer={isEditing ? <Button onClick={proceed}>Continuar</Button> : undefined}
    >
      {isEditing && (
        <p className={`${styles.hint} ${styles.scheduleHint}`}>
          Para una guardia que pasa la medianoche, cargue 22:00 a 23:59 y, al día siguiente, 00:00 a 06:00
        </p>
      )}
      <ScheduleField name="guardias" hideLegend isEditing={isEditing} />
    </Modal>
  );
}
