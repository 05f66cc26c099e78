import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Visible text beside the box; without it, give the box an `aria-label`. */
  label?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with the app's look, keyboard and screen-reader behaviour untouched. */
export function Checkbox({ label, className, ref, id, ...props }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const box = <input ref={ref} id={inputId} type="checkbox" className={styles.box} {...props} />;
  if (label === undefined)
    return <span className={[styles.bare, className].filter(Boolean).join(' ')}>{box}</span>;
  return (
    <label htmlFor={inputId} className={[styles.label, className].filter(Boolean).join(' ')}>
      {box}
      <span>{label}</span>
    </label>
  );
}
