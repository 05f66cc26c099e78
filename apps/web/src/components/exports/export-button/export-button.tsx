import { EXPORT_OPTIONS, type ExportFormat, type ExportOption } from '@red-dental/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { DownloadIcon } from '@/components/ui/screen-icons/index.ts';
import { ApiError } from '@/lib/api-client.ts';
import { formatNumber } from '@/lib/format.ts';
import styles from './export-button.module.css';

export interface ExportButtonProps {
  /** Downloads the list in the chosen format, reporting the bytes received so far. */
  onExport: (format: ExportFormat, onProgress: (bytes: number) => void) => Promise<void>;
  /** Nothing to export (an empty list, or one still loading). */
  disabled?: boolean;
  /** Said when the download fails without a reason from the server. */
  failure: string;
  /** The formats offered, in order; every one of EXPORT_OPTIONS unless a list has fewer. */
  options?: readonly ExportOption[];
}

/**
 * 'Exportar' beside a list: it opens the formats a spreadsheet reads (Excel,
 * CSV with `;` for Excel in Spanish, CSV with commas), then downloads the
 * list as it is filtered, saying how much has arrived. A failure is said
 * under the button.
 */
export function ExportButton({ onExport, disabled, failure, options = EXPORT_OPTIONS }: ExportButtonProps) {
  const [open, setOpen] = useState(false);
  const [received, setReceived] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  // Closes on Escape or a click elsewhere, as a menu does.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const run = async (format: ExportFormat) => {
    setOpen(false);
    setError(null);
    setReceived(0);
    try {
      await onExport(format, setReceived);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : failure);
    } finally {
      setReceived(null);
    }
  };

  const exporting = received !== null;
  return (
    <div ref={root} className={styles.root}>
      <Button
        variant="secondary"
        icon={<DownloadIcon size={18} />}
        isLoading={exporting}
        disabled={disabled}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {exporting ? `Exportando… ${formatNumber(received / 1_048_576, 1)} MB` : 'Exportar'}
      </Button>
      <ul id={menuId} className={styles.options} hidden={!open} aria-label="Formato del archivo">
        {options.map((option) => (
          <li key={option.label}>
            <button
              type="button"
              className={styles.option}
              onClick={() => run({ formato: option.formato, separador: option.separador })}
            >
              {option.label}
            </button>
          </li>
        ))}
      </ul>
      <Alert className={styles.error}>{error}</Alert>
    </div>
  );
}
