import { MESSAGES, type Plan } from '@red-dental/contracts';
import { useState } from 'react';
import { SimulacionPanel } from '@/components/simulacion/index.ts';
import { ImportModal } from '@/components/ui/import-modal/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import { useImportReglas, useReglasImportPreview, useSimularReglas } from '../api/import-reglas.ts';

const M = MESSAGES.planes;

/** 'Importar reglas' of one plan: the preview says what the file does to the versions there are. */
export function ReglasImportModal({
  plan,
  isOpen,
  onClose,
}: {
  plan: Plan;
  isOpen: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const preview = useReglasImportPreview(plan.id, file, fileKey);
  const upload = useImportReglas();
  const simulacion = useSimularReglas();
  const result = preview.data;

  const close = () => {
    setFile(null);
    upload.reset();
    simulacion.reset();
    onClose();
  };

  const submit = async () => {
    if (!file) return;
    const done = await upload.mutateAsync({ planId: plan.id, file });
    toast.success(M.IMPORTED(formatNumber(done.created)));
    close();
  };

  return (
    <ImportModal
      isOpen={isOpen}
      title={`Importar reglas de ${plan.nombre}`}
      file={file}
      onFileChange={(next) => {
        setFile(next);
        setFileKey((k) => k + 1);
        upload.reset();
        simulacion.reset();
      }}
      hint="Columnas: objetivo;cubre;cobertura_pct;coseguro;requiere_autorizacion;adjuntos;frecuencia;periodo_dias;ambito;mismo_prestador;edad_min;edad_max;carencia_dias;tope_mensual;garantia_meses;vigente_desde;vigente_hasta. El objetivo es un código (02.01), grupo:Nombre o capitulo:05; una celda vacía es «sin límite». Una regla nueva cierra la anterior del mismo objetivo el día antes."
      preview={
        result && {
          summary: `${formatCount(result.count, 'regla', 'reglas')} en el archivo: ${formatCount(result.created, 'nueva', 'nuevas')}, ${formatCount(result.replaced, 'reemplazada', 'reemplazadas')}, ${formatCount(result.unchanged, 'sin cambios', 'sin cambios')}; ${formatCount(result.closed, 'versión anterior se cierra', 'versiones anteriores se cierran')}.`,
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
          onSimular={() => simulacion.mutate({ planId: plan.id, file })}
        />
      )}
    </ImportModal>
  );
}
