import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { Field, fieldStyles as styles } from '../field/index.ts';
import areaStyles from './text-area.module.css';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  /** The error line under the field; also marks the control invalid. */
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text field with label, hint and error line, like TextInput. */
export function TextArea({
  label,
  hideLabel,
  hint,
  error,
  id,
  className,
  disabled,
  ref,
  ...areaProps
}: TextAreaProps) {
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} id={id} className={className}>
      {({ inputId, describedBy }) => (
        <div className={styles.control} data-invalid={Boolean(error)} data-disabled={Boolean(disabled)}>
          <textarea
            ref={ref}
            id={inputId}
            className={`${styles.input} ${areaStyles.area}`}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            rows={3}
            {...areaProps}
          />
        </div>
      )}
    </Field>
  );
}
