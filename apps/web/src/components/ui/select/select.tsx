import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field, fieldStyles as styles } from '../field/index.ts';
import { ChevronDownIcon } from '../screen-icons/index.ts';
import selectStyles from './select.module.css';

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  hideLabel?: boolean;
  options: readonly SelectOption[];
  /** A first, disabled option shown while nothing is chosen. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({
  label,
  hideLabel,
  options,
  placeholder,
  hint,
  error,
  id,
  className,
  disabled,
  ref,
  ...selectProps
}: SelectProps) {
  // With a placeholder and no value given, the placeholder is what shows first.
  const uncontrolledDefault =
    placeholder !== undefined && selectProps.value === undefined && selectProps.defaultValue === undefined
      ? { defaultValue: '' }
      : {};
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} id={id} className={className}>
      {({ inputId, describedBy }) => (
        <div className={styles.control} data-invalid={Boolean(error)} data-disabled={Boolean(disabled)}>
          <select
            ref={ref}
            id={inputId}
            className={`${styles.input} ${selectStyles.select}`}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...uncontrolledDefault}
            {...selectProps}
          >
            {placeholder !== undefined && (
              <option value="" disabled>
                {placeholder}
              </option>
            )}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon className={selectStyles.chevron} size={18} />
        </div>
      )}
    </Field>
  );
}
