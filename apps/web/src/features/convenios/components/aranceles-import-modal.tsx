import { type Convenio, MESSAGES } from '@red-dental/contracts';
import { useState } from 'react';
import { SimulacionPanel } from '@/components/simulacion/index.ts';
import { ImportModal } from '@/components/ui/import-modal/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import {
  useArancelesImportPreview,
  useImportAranceles,
  useSimularAranceles,
} from '../api/import-aranceles.ts';

const M = MESSAGES.convenios;

/** 'Importar aranceles' of one contract: the preview says what the file does to the fees there are. */
export function ArancelesImportModal({
  convenio,
  isOpen,
  onClose,
}: {
  convenio: Convenio;
  isOpen: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const preview = useArancelesImportPreview(convenio.id, file, fileKey);
  const upload = useImportAranceles();
  const simulacion = useSimularAranceles();
  const result = preview.data;

  const close = () => {
    setFile(null);
    upload.reset();
    simulacion.reset();
    onClose();
  };

  const submit = async () => {
    if (!file) return;
    const done = await upload.mutateAsync({ convenioId: convenio.id, file });
    toast.success(M.IMPORTED(formatNumber(done.created)));
    close();
  };

  return (
    <ImportModal
      isOpen={isOpen}
      title={`Importar aranceles de ${convenio.nombre}`}
      file={file}
      onFileChange={(next) => {
        setFile(next);
        setFileKey((k) => k + 1);
        upload.reset();
        simulacion.reset();
      }}
      hint="Columnas: codigo;importe;vigente_desde;vigente_hasta. Importe en pesos (12.345,67) o en unidades (U:3); un arancel nuevo cierra el anterior del mismo código el día antes."
      preview={
        result && {
          summary: `${formatCount(result.count, 'arancel', 'aranceles')} en el archivo: ${formatCount(result.created, 'nuevo', 'nuevos')}, ${formatCount(result.replaced, 'reemplazado', 'reemplazados')}, ${formatCount(result.unchanged, 'sin cambios', 'sin cambios')}; ${formatCount(result.closed, 'arancel anterior se cierra', 'aranceles anteriores se cierran')}.`,
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
    >
      {file && result && result.errorCount === 0 && result.count > 0 && !preview.isFetching && (
        <SimulacionPanel
          simulacion={simulacion.data?.simulacion}
          isPending={simulacion.isPending}
          error={simulacion.error ? errorMessage(simulacion.error) : undefined}
          onSimular={() => simulacion.mutate({ convenioId: convenio.id, file })}
        />
      )}
    </ImportModal>
  );
}
