import { MESSAGES } from '@red-dental/contracts';
import { useState } from 'react';
import { ImportModal } from '@/components/ui/import-modal/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import { useImportNomenclador, useNomencladorImportPreview } from '../api/import-nomenclador.ts';

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
    <ImportModal
      isOpen={isOpen}
      title="Importar nomenclador"
      file={file}
      onFileChange={(next) => {
        setFile(next);
        setFileKey((k) => k + 1);
        upload.reset();
      }}
      hint="Columnas: codigo;capitulo;nombre;area;caras_min;caras_max;denticion;unidades (y norma, opcional). UTF-8 o Latin-1, separado por ; o ,"
      preview={
        result && {
          summary: `${formatCount(result.count, 'código', 'códigos')} en el archivo: ${formatCount(result.created, 'nuevo', 'nuevos')}, ${formatCount(result.updated, 'modificado', 'modificados')}, ${formatCount(result.unchanged, 'sin cambios', 'sin cambios')}.`,
          errors: result.errors,
          errorCount: result.errorCount,
          errorsMessage: M.PREVIEW_HAS_ERRORS(formatNumber(result.errorCount)),
          isReady: result.errorCount === 0 && result.count > 0,
        }
      }
      isPreviewing={preview.isFetching}
      previewError={preview.error ? errorMessage(preview.error) : undefined}
      isImporting={upload.isPending}
      importError={upload.error ? errorMessage(upload.error) : undefined}
      onImport={() => void submit().catch(() => undefined)}
      onClose={close}
    />
  );
}
