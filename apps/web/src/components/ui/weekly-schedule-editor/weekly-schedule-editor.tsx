import {
  type DaySchedule,
  DEFAULT_RANGE,
  MESSAGES,
  type TimeRange,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
  type WeeklySchedule,
} from '@red-dental/contracts';
import { type Ref, useId, useImperativeHandle, useState } from 'react';
import { PlusIcon, TrashIcon } from '../screen-icons/index.ts';
import styles from './weekly-schedule-editor.module.css';

export type FullWeeklySchedule = Record<Weekday, DaySchedule>;

/** What a form can ask of the editor: the focus on a day's first time field (or its switch when it has none). */
export interface WeeklyScheduleEditorHandle {
  focusDay: (day: Weekday) => void;
}

export interface WeeklyScheduleEditorProps {
  /** Days missing from the value count as disabled with no ranges. */
  value: WeeklySchedule | null | undefined;
  onChange?: (next: FullWeeklySchedule) => void;
  /** Lists each day's ranges as 'start - end', or 'No disponible'. */
  readOnly?: boolean;
  disabled?: boolean;
  /** Names the group, for example 'Horarios de atención'. */
  legend: string;
  hideLegend?: boolean;
  /** Messages of the form's checks, by day, shown at the day in place of the editor's own. */
  errors?: Partial<Record<Weekday, string>>;
  ref?: Ref<WeeklyScheduleEditorHandle>;
}

/** Every day present, in display order. */
export function normalizeSchedule(value: WeeklySchedule | null | undefined): FullWeeklySchedule {
  const full = {} as FullWeeklySchedule;
  for (const day of WEEKDAYS) {
    const entry = value?.[day];
    full[day] = { enabled: Boolean(entry?.enabled), times: entry?.enabled ? [...entry.times] : [] };
  }
  return full;
}

export function formatRange(range: TimeRange): string {
  return `${range.start} - ${range.end}`;
}

/**
 * The weekly availability editor of the spec: days L to D, each enabled with
 * one or more time ranges. Enabling a day adds 09:00 to 17:00; removing its
 * last range disables it; turning it off clears its ranges. A range whose
 * start is not before its end is flagged when a time field loses focus; the
 * form's own checks come in through `errors`.
 */
export function WeeklyScheduleEditor({
  value,
  onChange,
  readOnly = false,
  disabled = false,
  legend,
  hideLegend = false,
  errors,
  ref,
}: WeeklyScheduleEditorProps) {
  const schedule = normalizeSchedule(value);
  if (readOnly) return <ReadOnlySchedule schedule={schedule} legend={legend} hideLegend={hideLegend} />;
  return (
    <EditableSchedule
      schedule={schedule}
      onChange={onChange}
      disabled={disabled}
      legend={legend}
      hideLegend={hideLegend}
      errors={errors}
      ref={ref}
    />
  );
}

function ReadOnlySchedule({
  schedule,
  legend,
  hideLegend,
}: {
  schedule: FullWeeklySchedule;
  legend: string;
  hideLegend: boolean;
}) {
  const headingId = useId();
  return (
    <section className={styles.schedule} aria-labelledby={headingId}>
      <h3 id={headingId} className={hideLegend ? 'sr-only' : styles.legend}>
        {legend}
      </h3>
      <dl className={styles.readOnly}>
        {WEEKDAYS.map((day) => {
          const { enabled, times } = schedule[day];
          const isAvailable = enabled && times.length > 0;
          return (
            <div key={day} className={styles.readOnlyDay}>
              <dt>{WEEKDAY_LABELS[day]}</dt>
              {isAvailable ? (
                times.map((range) => <dd key={`${range.start}-${range.end}`}>{formatRange(range)}</dd>)
              ) : (
                <dd className={styles.unavailable}>No disponible</dd>
              )}
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function EditableSchedule({
  schedule,
  onChange,
  disabled,
  legend,
  hideLegend,
  errors,
  ref,
}: {
  schedule: FullWeeklySchedule;
  onChange: WeeklyScheduleEditorProps['onChange'];
  disabled: boolean;
  legend: string;
  hideLegend: boolean;
  errors: WeeklyScheduleEditorProps['errors'];
  ref: WeeklyScheduleEditorProps['ref'];
}) {
  const idPrefix = useId();
  const [invalidDays, setInvalidDays] = useState<ReadonlySet<Weekday>>(new Set());
  const firstFieldId = (day: Weekday) => `${idPrefix}-${day}-first`;

  useImperativeHandle(ref, () => ({
    focusDay: (day) => document.getElementById(firstFieldId(day))?.focus(),
  }));

  const setDayError = (day: Weekday, hasError: boolean) =>
    setInvalidDays((current) => {
      if (current.has(day) === hasError) return current;
      const next = new Set(current);
      if (hasError) next.add(day);
      else next.delete(day);
      return next;
    });

  const updateDay = (day: Weekday, next: DaySchedule) => {
    setDayError(day, false);
    onChange?.({ ...schedule, [day]: next });
  };

  const toggleDay = (day: Weekday, enabled: boolean) =>
    updateDay(
      day,
      enabled ? { enabled: true, times: [{ ...DEFAULT_RANGE }] } : { enabled: false, times: [] },
    );

  const addRange = (day: Weekday) =>
    updateDay(day, { enabled: true, times: [...schedule[day].times, { ...DEFAULT_RANGE }] });

  const removeRange = (day: Weekday, index: number) => {
    const times = schedule[day].times.filter((_, i) => i !== index);
    updateDay(day, times.length > 0 ? { enabled: true, times } : { enabled: false, times: [] });
  };

  const editRange = (day: Weekday, index: number, field: keyof TimeRange, time: string) =>
    updateDay(day, {
      enabled: true,
      times: schedule[day].times.map((range, i) => (i === index ? { ...range, [field]: time } : range)),
    });

  const checkRange = (day: Weekday, index: number) => {
    const range = schedule[day].times[index];
    if (range?.start && range.end && !(range.start < range.end)) setDayError(day, true);
  };

  return (
    <fieldset className={styles.schedule} disabled={disabled}>
      <legend className={hideLegend ? 'sr-only' : styles.legend}>{legend}</legend>
      <ul className={styles.days}>
        {WEEKDAYS.map((day) => {
          const label = WEEKDAY_LABELS[day];
          const { enabled, times } = schedule[day];
          const errorId = `${idPrefix}-${day}-error`;
          const message = errors?.[day] ?? (invalidDays.has(day) ? MESSAGES.schedule.ORDER : undefined);
          const hasError = message !== undefined;
          return (
            <li key={day} className={styles.day} data-enabled={enabled}>
              <label className={styles.switch}>
                <input
                  id={times.length === 0 ? firstFieldId(day) : undefined}
                  type="checkbox"
                  role="switch"
                  aria-checked={enabled}
                  checked={enabled}
                  onChange={(event) => toggleDay(day, event.target.checked)}
                />
                <span className={styles.track} aria-hidden="true" />
                <span className={styles.dayLabel}>{label}</span>
              </label>

              <div className={styles.ranges}>
                {!enabled && <p className={styles.unavailable}>No disponible</p>}
                {times.map((range, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity of their own; their position is what the user edits
                  <div key={index} className={styles.range}>
                    <input
                      id={index === 0 ? firstFieldId(day) : undefined}
                      type="time"
                      className={styles.time}
                      value={range.start}
                      aria-label={`${label}, inicio del horario ${index + 1}`}
                      aria-invalid={hasError || undefined}
                      aria-describedby={hasError ? errorId : undefined}
                      onChange={(event) => editRange(day, index, 'start', event.target.value)}
                      onBlur={() => checkRange(day, index)}
                    />
                    <span aria-hidden="true">a</span>
                    <input
                      type="time"
                      className={styles.time}
                      value={range.end}
                      aria-label={`${label}, fin del horario ${index + 1}`}
                      aria-invalid={hasError || undefined}
                      aria-describedby={hasError ? errorId : undefined}
                      onChange={(event) => editRange(day, index, 'end', event.target.value)}
                      onBlur={() => checkRange(day, index)}
                    />
                    <button
                      type="button"
                      className={styles.iconButton}
                      onClick={() => removeRange(day, index)}
                      aria-label={`Quitar horario ${index + 1} del ${label}`}
                    >
                      <TrashIcon size={18} />
                    </button>
                  </div>
                ))}
                {enabled && (
                  <button
                    type="button"
                    className={styles.addButton}
                    onClick={() => addRange(day)}
                    aria-label={`Agregar horario al ${label}`}
                  >
                    <PlusIcon size={16} />
                    Agregar horario
                  </button>
                )}
                {hasError && (
                  <p id={errorId} role="alert" className={styles.error}>
                    {message}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
