import { type ReactNode, type Ref, useId } from 'react';
import { Checkbox } from '../checkbox/index.ts';
import styles from './checkbox-group.module.css';

export interface CheckboxOption<V extends string | number> {
  value: V;
  label: string;
  /** A line under the label on what the option means. */
  description?: string;
}

export interface CheckboxGroupProps<V extends string | number> {
  /** Names the group, for example 'Zonas'. */
  legend: string;
  /** Visually hides the legend, under a heading that already names the group; it still names it. */
  hideLegend?: boolean;
  /** Draws the group as a box with the legend on its border, for a group that stands alone in a form. */
  framed?: boolean;
  options: readonly CheckboxOption<V>[];
  /** The ticked values. */
  value: readonly V[];
  /** The ticked values after a box changed, and which box it was. */
  onChange: (next: V[], changed: { value: V; isChecked: boolean }) => void;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  /** Given to the first box, so a form can move the focus to the group. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A fieldset of checkboxes over a list of options (a catalogue such as
 * zonas or especialidades), laid out in columns as wide as the space allows.
 */
export function CheckboxGroup<V extends string | number>({
  legend,
  hideLegend = false,
  framed = false,
  options,
  value,
  onChange,
  hint,
  error,
  disabled,
  ref,
}: CheckboxGroupProps<V>) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const ticked = new Set(value);
  return (
    <fieldset
      className={[styles.group, framed && styles.framed].filter(Boolean).join(' ')}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      <legend className={hideLegend ? 'sr-only' : styles.legend}>{legend}</legend>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.options}>
        {options.map((option, index) => (
          <Checkbox
            key={option.value}
            ref={index === 0 ? ref : undefined}
            label={option.label}
            description={option.description}
            checked={ticked.has(option.value)}
            onChange={(event) => {
              const isChecked = event.target.checked;
              const next = isChecked ? [...value, option.value] : value.filter((v) => v !== option.value);
              onChange(next, { value: option.value, isChecked });
            }}
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
