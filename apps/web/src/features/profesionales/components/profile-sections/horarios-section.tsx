import styles from '../profile-form.module.css';
import type { SectionProps } from './profile-section.tsx';
import { ScheduleField } from './schedule-field.tsx';

/** 'Horarios de atención': the weekly editor names itself (its legend), so no heading of its own. */
export function HorariosSection({ isEditing }: SectionProps) {
  return (
    <div className={styles.section}>
      <ScheduleField name="horarios" isEditing={isEditing} />
    </div>
  );
}
