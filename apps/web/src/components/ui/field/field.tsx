import { type ReactNode, useId } from 'react';
import styles from './field.module.css';

export interface FieldIds {
  inputId: string;
  /** Ids of the hint and error lines, for `aria-describedby`. */
  describedBy: string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Visually hides the label; it still names the control. */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string;
  id?: string;
  className?: string;
  children: (ids: FieldIds) => ReactNode;
}

/** Label, control, hint and error line laid out the same way for every form control. */
export function Field({ label, hideLabel, hint, error, id, className, children }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : styles.label}>
        {label}
      </label>
      {children({ inputId, describedBy })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
