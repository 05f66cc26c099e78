import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Visible text beside the box; without it, give the box an `aria-label`. */
  label?: ReactNode;
  /** A line under the label saying what ticking it means; read after the name (aria-describedby). */
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with the app's look, keyboard and screen-reader behaviour untouched. */
export function Checkbox({ label, description, className, ref, id, ...props }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const box = (
    <input
      ref={ref}
      id={inputId}
      type="checkbox"
      className={styles.box}
      aria-describedby={descriptionId}
      {...props}
    />
  );
  if (label === undefined)
    return <span className={[styles.bare, className].filter(Boolean).join(' ')}>{box}</span>;
  const labelled = (
    <label
      htmlFor={inputId}
      className={[styles.label, description ? '' : className].filter(Boolean).join(' ')}
    >
      {box}
      <span>{label}</span>
    </label>
  );
  if (!description) return labelled;
  // The description sits outside the label, so the box's name stays short and the line is read after it.
  return (
    <span className={[styles.described, className].filter(Boolean).join(' ')}>
      {labelled}
      <span id={descriptionId} className={styles.description}>
        {description}
      </span>
    </span>
  );
}
