import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { Field, fieldStyles as styles } from '../field/index.ts';
import { EyeIcon, EyeOffIcon } from '../icons/index.ts';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  hideLabel?: boolean;
  /** Decorative icon at the start of the box. */
  icon?: ReactNode;
  /** A control at the end of the box (for example a visibility toggle). */
  endAdornment?: ReactNode;
  hint?: ReactNode;
  /** The error line under the field; also marks the input invalid. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextInput({
  label,
  hideLabel,
  icon,
  endAdornment,
  hint,
  error,
  id,
  className,
  disabled,
  ref,
  ...inputProps
}: TextInputProps) {
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} id={id} className={className}>
      {({ inputId, describedBy }) => (
        <div className={styles.control} data-invalid={Boolean(error)} data-disabled={Boolean(disabled)}>
          {icon && <span className={styles.icon}>{icon}</span>}
          <input
            ref={ref}
            id={inputId}
            className={styles.input}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...inputProps}
          />
          {endAdornment && <span className={styles.end}>{endAdornment}</span>}
        </div>
      )}
    </Field>
  );
}

export type PasswordInputProps = Omit<TextInputProps, 'type' | 'endAdornment'>;

/** A text input for passwords with a show/hide toggle. */
export function PasswordInput(props: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setIsVisible((v) => !v)}
          aria-label={isVisible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          aria-pressed={isVisible}
          disabled={props.disabled}
        >
          {isVisible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
