import { Button } from '@/components/ui/button/index.ts';
import styles from '../profile-form.module.css';
import { SchedulesNotSaved } from './schedule-field.tsx';

/**
 * The edit mode's footer: why the last save did not go (when the cause is out
 * of sight), whether something changed, Cancelar and the save button.
 */
export function ProfileFormActions({
  isDirty,
  isSaving,
  isCancelling = false,
  onCancel,
  submitLabel,
}: {
  isDirty: boolean;
  isSaving: boolean;
  isCancelling?: boolean;
  onCancel: () => void;
  submitLabel: string;
}) {
  return (
    <>
      <SchedulesNotSaved />
      <div className={styles.actions}>
        {isDirty && (
          <p className={styles.dirty}>
            <span aria-hidden="true" className={styles.dirtyDot} />
            Hay cambios sin guardar
          </p>
        )}
        <Button variant="secondary" onClick={onCancel} isLoading={isCancelling} disabled={isSaving}>
          Cancelar
        </Button>
        <Button type="submit" isLoading={isSaving}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
