import type { ImportRowError } from '@red-dental/contracts';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { FilePicker } from '@/components/ui/file-picker/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { formatCount } from '@/lib/format.ts';
import styles from './import-modal.module.css';

/** What the preview of a chosen file found, as its feature says it. */
export interface ImportPreview {
  /** 'N códigos en el archivo: …', announced when the preview arrives. */
  summary: string;
  errors: readonly ImportRowError[];
  errorCount: number;
  /** The alert over the refused lines ('El archivo tiene 2 líneas con errores…'). */
  errorsMessage: string;
  /** The file holds something to load and no refused line. */
  isReady: boolean;
}

export interface ImportModalProps {
  isOpen: boolean;
  title: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The columns the file takes, under the file chooser. */
  hint: ReactNode;
  preview: ImportPreview | undefined;
  isPreviewing: boolean;
  /** Why the preview or the import failed, in words. */
  previewError?: string;
  isImporting: boolean;
  importError?: string;
  onImport: () => void;
  onClose: () => void;
  /** More the feature offers on a ready file (a simulation of its effect), under the preview. */
  children?: ReactNode;
}

/**
 * An import that loads a whole file or nothing: choose the file, see what
 * its preview found (announced), every refused line in a list the keyboard
 * scrolls, and 'Importar' only once the file is ready. Requests are the
 * feature's; this shows them.
 */
export function ImportModal(props: ImportModalProps) {
  const { preview, isPreviewing } = props;
  return (
    <Modal
      isOpen={props.isOpen}
      onClose={props.onClose}
      title={props.title}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancelar
          </Button>
          <Button onClick={props.onImport} disabled={!preview?.isReady || isPreviewing || props.isImporting}>
            {props.isImporting ? 'Importando…' : 'Importar'}
          </Button>
        </>
      }
    >
      <FilePicker
        label="Archivo CSV"
        accept=".csv,text/csv"
        file={props.file}
        onChange={props.onFileChange}
        hint={props.hint}
      />
      {/* Always there, so what the preview found is announced when it arrives. */}
      <p role="status" className={styles.status}>
        {isPreviewing ? (
          <>
            <Spinner size={16} /> Revisando el archivo…
          </>
        ) : (
          preview?.summary
        )}
      </p>
      {props.previewError && <Alert variant="error">{props.previewError}</Alert>}
      {props.importError && <Alert variant="error">{props.importError}</Alert>}
      {preview && !isPreviewing && (
        <section aria-label="Vista previa" className={styles.summary}>
          {preview.errorCount > 0 ? (
            <>
              <Alert variant="error">{preview.errorsMessage}</Alert>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled from the keyboard */}
              <ul className={styles.errors} tabIndex={0} aria-label="Líneas con errores">
                {preview.errors.map((e) => (
                  <li key={`${e.line}-${e.message}`}>
                    Línea {e.line}: {e.message}
                  </li>
                ))}
                {preview.errorCount > preview.errors.length && (
                  <li>
                    … y {formatCount(preview.errorCount - preview.errors.length, 'línea más', 'líneas más')}
                  </li>
                )}
              </ul>
            </>
          ) : (
            preview.isReady && <Alert variant="success">El archivo está listo para importar.</Alert>
          )}
        </section>
      )}
      {props.children}
    </Modal>
  );
}
