import { WEEKDAY_LABELS, WEEKDAYS } from '@red-dental/contracts';
import { Controller, type FieldError, useFormContext } from 'react-hook-form';
import { Alert } from '@/components/ui/alert/index.ts';
import { WeeklyScheduleEditor } from '@/components/ui/weekly-schedule-editor/index.ts';
import styles from '../profile-form.module.css';
import type { ProfileFormValues } from '../profile-form-values.ts';
import type { SectionProps } from './profile-section.tsx';

/** The first message found under a schedule's errors (a day's overlap, or one of its ranges). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as FieldError).message;
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object' && !('nodeType' in value)) {
      const found = firstMessage(value);
      if (found) return found;
    }
  }
  return undefined;
}

/** The days of a schedule the checks refused, as 'Lunes: message'. */
function ScheduleErrors({ name }: { name: 'horarios' | 'guardias' }) {
  const {
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const dayErrors = WEEKDAYS.flatMap((day) => {
    const message = firstMessage(errors[name]?.[day]);
    return message ? [`${WEEKDAY_LABELS[day]}: ${message}`] : [];
  });
  if (dayErrors.length === 0) return null;
  return (
    <Alert className={styles.error}>
      <ul>
        {dayErrors.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * A weekly schedule of the form: the editor in edit mode, the read-only list
 * otherwise. Its legend names it (no section heading around it).
 */
export function ScheduleField({
  name,
  legend,
  isEditing,
  hideLegend,
}: SectionProps & { name: 'horarios' | 'guardias'; legend: string; hideLegend?: boolean }) {
  const { control } = useFormContext<ProfileFormValues>();
  return (
    <>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <WeeklyScheduleEditor
            legend={legend}
            hideLegend={hideLegend}
            value={field.value}
            onChange={field.onChange}
            readOnly={!isEditing}
          />
        )}
      />
      <ScheduleErrors name={name} />
    </>
  );
}
