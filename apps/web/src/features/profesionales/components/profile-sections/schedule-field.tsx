import { WEEKDAY_LABELS, WEEKDAYS, type Weekday, weeklyScheduleSchema } from '@red-dental/contracts';
import { Controller, type FieldError, type FieldPath, useFormContext } from 'react-hook-form';
import { Alert } from '@/components/ui/alert/index.ts';
import { WeeklyScheduleEditor } from '@/components/ui/weekly-schedule-editor/index.ts';
import styles from '../profile-form.module.css';
import type { ProfileFormValues } from '../profile-form-values.ts';
import type { SectionProps } from './profile-section.tsx';

type ScheduleName = 'horarios' | 'guardias';

/** Each schedule as the screen names it: the office hours' legend, the link that opens the on-call hours. */
const SCHEDULE_NAMES: Record<ScheduleName, string> = {
  horarios: 'Horarios de atención',
  guardias: 'Horarios de Guardias',
};

/** The first message found under a day's errors (its overlap, or one of its ranges). */
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

/** The message of each day the checks refused, from a schedule's errors. */
function dayMessages(error: unknown): Partial<Record<Weekday, string>> {
  const messages: Partial<Record<Weekday, string>> = {};
  for (const day of WEEKDAYS) {
    const message = firstMessage((error as Record<string, unknown> | undefined)?.[day]);
    if (message) messages[day] = message;
  }
  return messages;
}

/**
 * Checks one schedule with the contract's rules, as a save does, and puts
 * each refusal under its day; returns whether it passed. The form's
 * `trigger(name)` would not do: it drops the errors nested under a field the
 * form holds whole, as it holds each schedule.
 */
export function useCheckSchedule(): (name: ScheduleName) => boolean {
  const { getValues, clearErrors, setError } = useFormContext<ProfileFormValues>();
  return (name) => {
    const result = weeklyScheduleSchema.safeParse(getValues(name));
    clearErrors(name);
    const placed = new Set<string>();
    for (const issue of result.error?.issues ?? []) {
      const path = [name, ...issue.path].join('.');
      // The first refusal of a place is the one shown, as the save's check does.
      if (placed.has(path)) continue;
      placed.add(path);
      setError(path as FieldPath<ProfileFormValues>, { type: issue.code, message: issue.message });
    }
    return result.success;
  };
}

/**
 * A weekly schedule of the form: the editor in edit mode, the read-only list
 * otherwise, with the checks' messages at their days. Its legend names it (no
 * section heading around it). Focusing the field (a refused save, 'Continuar')
 * goes to the first day the checks refused.
 */
export function ScheduleField({
  name,
  isEditing,
  hideLegend,
}: SectionProps & { name: ScheduleName; hideLegend?: boolean }) {
  const { control, getFieldState } = useFormContext<ProfileFormValues>();
  const checkSchedule = useCheckSchedule();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <WeeklyScheduleEditor
          ref={(editor) =>
            field.ref(
              editor && {
                focus: () => {
                  const refused = dayMessages(getFieldState(name).error);
                  editor.focusDay(WEEKDAYS.find((day) => refused[day]) ?? WEEKDAYS[0]);
                },
              },
            )
          }
          legend={SCHEDULE_NAMES[name]}
          hideLegend={hideLegend}
          value={field.value}
          errors={dayMessages(fieldState.error)}
          onChange={(next) => {
            field.onChange(next);
            // A refused schedule is checked again as it is mended, also before the first save.
            if (getFieldState(name).error) checkSchedule(name);
          }}
          readOnly={!isEditing}
        />
      )}
    />
  );
}

/**
 * Why the last save did not go, where the cause is out of sight: the
 * schedules' refused days, by schedule and day ('Horarios de Guardias,
 * Viernes: …'). Follows the corrections; gone once nothing is refused.
 */
export function SchedulesNotSaved() {
  const {
    formState: { errors, submitCount },
  } = useFormContext<ProfileFormValues>();
  if (submitCount === 0) return null;
  const problems = (['horarios', 'guardias'] as const).flatMap((name) =>
    Object.entries(dayMessages(errors[name])).map(
      ([day, message]) => `${SCHEDULE_NAMES[name]}, ${WEEKDAY_LABELS[day as Weekday]}: ${message}`,
    ),
  );
  if (problems.length === 0) return null;
  return (
    <Alert className={styles.error}>
      <p>No se guardaron los cambios. Corrija estos horarios:</p>
      <ul>
        {problems.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </Alert>
  );
}
