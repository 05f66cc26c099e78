import { MESSAGES } from '@red-dental/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { FilePicker } from '@/components/ui/file-picker/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import { useImportNomenclador, useNomencladorImportPreview } from '../api/import-nomenclador.ts';
import styles from './nomenclador.module.css';

const M = MESSAGES.nomenclador;

/**
 * 'Importar nomenclador': choose the file, see at once what it would do (new,
 * changed and unchanged codes, every refused line), and load it whole only
 * when no line is refused.
 */
export function NomencladorImportModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const preview = useNomencladorImportPreview(file, fileKey);
  const upload = useImportNomenclador();
  const result = preview.data;
  const canImport = result !== undefined && result.errorCount === 0 && result.count > 0 && !upload.isPending;

  const close = () => {
    setFile(null);
    upload.reset();
    onClose();
  };

  const submit = async () => {
    if (!file) return;
    const done = await upload.mutateAsync({ file });
    toast.success(M.IMPORTED(formatNumber(done.created), formatNumber(done.updated)));
    close();
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title="Importar nomenclador"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancelar
          </Button>
          <Button onClick={() => void submit().catch(() => undefined)} disabled={!canImport}>
            {upload.isPending ? 'Importando…' : 'Importar'}
          </Button>
        </>
      }
    >
      <FilePicker
        label="Archivo CSV"
        accept=".csv,text/csv"
        file={file}
        onChange={(next) => {
          setFile(next);
          setFileKey((k) => k + 1);
          upload.reset();
        }}
        hint="Columnas: codigo;capitulo;nombre;area;caras_min;caras_max;denticion;unidades (y norma, opcional). UTF-8 o Latin-1, separado por ; o ,"
      />
      {/* Always there, so what the preview found is announced when it arrives. */}
      <p role="status" className={styles.status}>
        {preview.isFetching ? (
          <>
            <Spinner size={16} /> Revisando el archivo…
          </>
        ) : (
          result &&
          `${formatCount(result.count, 'código', 'códigos')} en el archivo: ${formatCount(result.created, 'nuevo', 'nuevos')}, ${formatCount(result.updated, 'modificado', 'modificados')}, ${formatCount(result.unchanged, 'sin cambios', 'sin cambios')}.`
        )}
      </p>
      {preview.error && <Alert variant="error">{errorMessage(preview.error)}</Alert>}
      {upload.error && <Alert variant="error">{errorMessage(upload.error)}</Alert>}
      {result && !preview.isFetching && (
        <section aria-label="Vista previa" className={styles.summary}>
          {result.errorCount > 0 ? (
            <>
              <Alert variant="error">{M.PREVIEW_HAS_ERRORS(formatNumber(result.errorCount))}</Alert>
              {/* Scrolls within the dialog: focusable, so the keyboard scrolls it too. */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled from the keyboard */}
              <ul className={styles.errors} tabIndex={0} aria-label="Líneas con errores">
                {result.errors.map((e) => (
                  <li key={`${e.line}-${e.message}`}>
                    Línea {e.line}: {e.message}
                  </li>
                ))}
                {result.errorCount > result.errors.length && (
                  <li>
                    … y {formatCount(result.errorCount - result.errors.length, 'línea más', 'líneas más')}
                  </li>
                )}
              </ul>
            </>
          ) : (
            <Alert variant="success">El archivo está listo para importar.</Alert>
          )}
        </section>
      )}
    </Modal>
  );
}
