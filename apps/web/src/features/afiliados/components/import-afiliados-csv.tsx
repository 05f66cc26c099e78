import { importMissingPermissionsMessage, MESSAGES, type ObraSocialRef } from '@red-dental/contracts';
import { type FormEvent, type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { FilePicker } from '@/components/ui/file-picker/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { ProgressBar } from '@/components/ui/progress-bar/index.ts';
import { UploadIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import { isApiError } from '@/lib/api-client.ts';
import { formatNumber } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
import { useImportAfiliadosCsv, useImportPreview } from '../api/import-afiliados-csv.ts';
import styles from './import-afiliados-csv.module.css';
import { useImportCsvState } from './import-csv-state.ts';
import { ImportSummary } from './import-summary.tsx';

/** 'Error al subir el archivo', with the server's reason when it gave one. */
export function uploadFailureMessage(error: unknown): string {
  return isApiError(error) && error.status > 0
    ? `${MESSAGES.csv.UPLOAD_FAILED}: ${error.message}`
    : MESSAGES.csv.UPLOAD_FAILED;
}

export interface ImportAfiliadosCsvProps {
  obrasSociales: readonly ObraSocialRef[] | undefined;
  /** The 'Agregar Obra Social' control; the insurer it creates is chosen at once. */
  renderAddObraSocial?: (onCreated: (obraSocial: ObraSocialRef) => void) => ReactNode;
  /** AFILIADOS.DELETE: offers to give de baja the insurer's affiliates missing from the file. */
  canDarDeBaja?: boolean;
}

/**
 * `/afiliados/import-csv`: choose the insurer and the file, see what the file
 * would do (a dry run on the server), then load it with a progress bar.
 */
export function ImportAfiliadosCsv({
  obrasSociales,
  renderAddObraSocial,
  canDarDeBaja = false,
}: ImportAfiliadosCsvProps) {
  const navigate = useNavigate();
  const [state, dispatch] = useImportCsvState();
  const { obraSocialId, created, file, fileKey, isMissingChoice, progress, result, isDialogOpen, failure } =
    state;
  const bajaAusentes = canDarDeBaja && state.bajaAusentes;

  const preview = useImportPreview(obraSocialId, file, fileKey, bajaAusentes);
  const upload = useImportAfiliadosCsv();

  // An insurer created a moment ago is offered before the refreshed list arrives.
  const options = useMemo(() => {
    const list = [...(obrasSociales ?? [])];
    for (const o of created) if (!list.some((item) => item.id === o.id)) list.push(o);
    return list.map((o) => ({ value: o.id, label: o.nombre }));
  }, [obrasSociales, created]);

  const chooseFile = (next: File | null) => dispatch({ type: 'fileChosen', file: next });
  const closeDialog = () => dispatch({ type: 'dialogClosed' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (obraSocialId === undefined || !file) {
      dispatch({ type: 'choiceMissing' });
      return;
    }
    dispatch({ type: 'uploadStarted' });
    upload.mutate(
      {
        obraSocialId,
        file,
        bajaAusentes,
        onProgress: (fraction) => dispatch({ type: 'uploadProgressed', progress: fraction }),
      },
      {
        onSuccess: (loaded) => dispatch({ type: 'uploadSucceeded', result: loaded }),
        onError: (error) => dispatch({ type: 'uploadFailed', failure: uploadFailureMessage(error) }),
      },
    );
  };

  // The import already invalidated the affiliate lists: the list reloads as it mounts.
  const goToAfiliados = () => {
    closeDialog();
    navigate(PATHS.afiliados);
  };

  const isUploading = upload.isPending;
  const canShowPreview = obraSocialId !== undefined && file !== null && !result;

  return (
    <Panel className={styles.panel} aria-labelledby="import-heading">
      <div className={styles.intro}>
        <h2 id="import-heading" className={styles.heading}>
          Importar afiliados desde un archivo .csv
        </h2>
        <p className={styles.muted}>
          El archivo necesita una fila de encabezados con al menos <strong>nombre</strong> y{' '}
          <strong>documento</strong>; también puede traer tipo, fecha de nacimiento (dd/mm/aaaa o aaaa-mm-dd),
          email, teléfono, plan (su código en la obra social), número de afiliado y fecha de alta. Separado
          por comas o por punto y coma. Los afiliados que ya existen se actualizan y pasan a la obra social
          elegida; una celda vacía deja lo que el afiliado ya tenía.
        </p>
      </div>

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.insurerRow}>
          <Select
            label="Obra Social"
            placeholder={obrasSociales ? 'Seleccione una obra social' : 'Cargando...'}
            options={options}
            className={styles.insurerSelect}
            value={obraSocialId ?? ''}
            disabled={isUploading}
            onChange={(event) =>
              dispatch({ type: 'insurerChosen', obraSocialId: Number(event.target.value) || undefined })
            }
          />
          {renderAddObraSocial?.((obraSocial) => dispatch({ type: 'insurerCreated', obraSocial }))}
        </div>

        <FilePicker
          label="Archivo .csv"
          accept=".csv,text/csv"
          file={file}
          onChange={chooseFile}
          disabled={isUploading}
          buttonText="Elegir archivo .csv"
        />

        {canDarDeBaja && (
          <Checkbox
            label="Dar de baja a los afiliados de esta obra social que no estén en el archivo"
            description="Úselo cuando el archivo es el padrón completo de la obra social. La vista previa dice a cuántos; se pueden reactivar después."
            checked={state.bajaAusentes}
            disabled={isUploading}
            onChange={(event) =>
              dispatch({ type: 'bajaAusentesChanged', bajaAusentes: event.target.checked })
            }
          />
        )}

        {canShowPreview && (
          <div className={styles.preview} aria-live="polite">
            <h3 className={styles.subheading}>Vista previa</h3>
            {preview.isFetching ? (
              <p className={styles.checking}>
                <Spinner size={18} /> Revisando el archivo...
              </p>
            ) : preview.error ? (
              <Alert>{uploadFailureMessage(preview.error)}</Alert>
            ) : preview.data ? (
              <>
                <p className={styles.muted}>
                  Todavía no se guardó nada. Revise el resumen y presione «Cargar Afiliados».
                </p>
                <ImportSummary result={preview.data} />
                {bajaAusentes && preview.data.errorCount > 0 && (
                  <Alert>{MESSAGES.csv.BAJA_WITH_ERRORS}</Alert>
                )}
                {/* The import would be refused: the lines that need a permission this user lacks. */}
                {preview.data.missingPermissions.length > 0 && (
                  <Alert>{importMissingPermissionsMessage(preview.data.missingPermissions)}</Alert>
                )}
              </>
            ) : null}
          </div>
        )}

        {isUploading && (
          <ProgressBar label={progress < 1 ? 'Subiendo archivo' : 'Cargando afiliados...'} value={progress} />
        )}

        {isMissingChoice && <Alert>{MESSAGES.csv.SELECT_BOTH}</Alert>}
        {failure && <Alert>{failure}</Alert>}

        <div className={styles.actions}>
          <Button type="submit" icon={<UploadIcon size={18} />} isLoading={isUploading}>
            Cargar Afiliados
          </Button>
        </div>
      </form>

      {result && !isDialogOpen && (
        <div className={styles.preview}>
          <h3 className={styles.subheading}>{MESSAGES.csv.LOADED(formatNumber(result.count))}</h3>
          <ImportSummary result={result} />
        </div>
      )}

      <Modal
        isOpen={isDialogOpen && result !== null}
        onClose={closeDialog}
        title="Importación completada"
        tone="success"
        size="lg"
        footer={
          <>
            <Button variant="secondary" onClick={closeDialog}>
              Cerrar
            </Button>
            <Button onClick={goToAfiliados}>Ir a Afiliados</Button>
          </>
        }
      >
        {result && (
          <div className={styles.dialog}>
            <p className={styles.loaded}>{MESSAGES.csv.LOADED(formatNumber(result.count))}</p>
            <ImportSummary result={result} />
          </div>
        )}
      </Modal>
    </Panel>
  );
}
