import type { ReactNode, Ref } from 'react';
import { formatNumber } from '@/lib/format.ts';
import { Field } from '../field/index.ts';
import { FileTextIcon, UploadIcon } from '../screen-icons/index.ts';
import styles from './file-picker.module.css';

export interface FilePickerProps {
  label: ReactNode;
  /** The `accept` attribute, for example ".csv,text/csv". */
  accept?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Text of the visible button. */
  buttonText?: string;
  /** On a phone, opens the camera instead of the files ('environment': the back one). */
  capture?: 'environment' | 'user';
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, 1)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), 1)} MB`;
}

/**
 * A file chooser: the native input, keyboard-focusable and labelled, drawn as
 * a button with the chosen file's name and size beside it.
 */
export function FilePicker({
  label,
  accept,
  file,
  onChange,
  buttonText = 'Elegir archivo',
  capture,
  hint,
  error,
  disabled,
  ref,
}: FilePickerProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ inputId, describedBy }) => (
        <div className={styles.picker} data-invalid={Boolean(error)}>
          <input
            ref={ref}
            id={inputId}
            type="file"
            accept={accept}
            capture={capture}
            className={styles.input}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              onChange(event.target.files?.[0] ?? null);
              // Choosing the same file again must still count as a choice.
              event.target.value = '';
            }}
          />
          <span className={styles.button} aria-hidden="true">
            <UploadIcon size={18} />
            {buttonText}
          </span>
          <span className={styles.name}>
            {file ? (
              <>
                <FileTextIcon size={18} />
                <span className={styles.fileName}>{file.name}</span>
                <span className={styles.size}>{formatSize(file.size)}</span>
              </>
            ) : (
              'Ningún archivo seleccionado'
            )}
          </span>
        </div>
      )}
    </Field>
  );
}
