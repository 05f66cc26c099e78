import {
  DECISION_DEBITO_LABELS,
  type DebitoOs,
  formatFecha,
  type Lote,
  lugarDeLinea,
  MESSAGES,
  networkClock,
} from '@red-dental/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
import { ImportModal } from '@/components/ui/import-modal/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import {
  useDebitos,
  useDebitosPreview,
  useDecidirDebito,
  useImportDebitos,
  useRefacturar,
} from '../api/debitos.ts';
import styles from './cierre.module.css';
import { Importe } from './importe.tsx';

/** 'Importar débitos' of a lot: the preview says what would be passed on, absorbed or left to decide. */
function ImportarDebitos({ lote, onClose }: { lote: Lote; onClose: () => void }) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const preview = useDebitosPreview(lote.id, file, fileKey);
  const upload = useImportDebitos(lote.id);
  const r = preview.data;
  return (
    <ImportModal
      isOpen
      title={`Importar débitos del lote ${lote.numeroFactura}`}
      file={file}
      onFileChange={(next) => {
        setFile(next);
        setFileKey((k) => k + 1);
        upload.reset();
      }}
      hint="Columnas: linea (o codigo_validacion, y codigo si la atención tiene varias líneas);importe;motivo. El motivo que empieza con un código (D05 falta Rx) decide quién carga el débito."
      preview={
        r && {
          summary: `${formatCount(r.count, 'débito', 'débitos')} en el archivo: ${formatCount(r.trasladados, 'se traslada al prestador', 'se trasladan al prestador')}, ${formatCount(r.absorbidos, 'lo absorbe la red', 'los absorbe la red')}, ${formatCount(r.sinDecidir, 'queda para decidir', 'quedan para decidir')}.`,
          errors: r.errors,
          errorCount: r.errorCount,
          errorsMessage: MESSAGES.cierre.DEBITOS_HAS_ERRORS(formatNumber(r.errorCount)),
          isReady: r.errorCount === 0 && r.count > 0,
        }
      }
      isPreviewing={preview.isFetching}
      previewError={preview.error ? errorMessage(preview.error) : undefined}
      isImporting={upload.isPending}
      importError={upload.error ? errorMessage(upload.error) : undefined}
      onImport={() =>
        void upload
          .mutateAsync(file!)
          .then((done) => {
            toast.success(
              `Lote ${lote.numeroFactura}: ${formatCount(done.count, 'débito cargado', 'débitos cargados')}`,
            );
            onClose();
          })
          .catch(() => undefined)
      }
      onClose={onClose}
    />
  );
}

/**
 * A lot's débitos: each with who bears it (by rule or by hand, until the
 * next closing settles it) and, passed on to the line's own dentist, its
 * rebilling within the contract's window.
 */
export function DebitosLote({ lote, onClose }: { lote: Lote; onClose: () => void }) {
  const debitos = useDebitos(lote.id);
  const decidir = useDecidirDebito(lote.id);
  const refacturar = useRefacturar();
  const toast = useToast();
  const [importando, setImportando] = useState(false);
  const hoy = networkClock(new Date()).date;
  const run = (p: Promise<{ message: string }>) =>
    void p.then((r) => toast.success(r.message)).catch((e) => toast.error(errorMessage(e)));

  const columns: Column<DebitoOs>[] = [
    {
      id: 'linea',
      header: 'Línea',
      isPrimary: true,
      cell: (d) => (
        <span className={styles.stack}>
          <span>
            {d.codigo} {d.nombre}, {lugarDeLinea(d)}
          </span>
          <span className={styles.muted}>
            {formatFecha(d.fecha)} · <span className={styles.mono}>{d.codigoValidacion}</span> ·{' '}
            {d.profesional.nombre}
          </span>
        </span>
      ),
    },
    { id: 'importe', header: 'Débito', align: 'end', cell: (d) => <Importe centavos={d.importe} debito /> },
    { id: 'motivo', header: 'Motivo de la obra social', cell: (d) => d.motivo },
    {
      id: 'decision',
      header: 'Quién lo carga',
      isPrimary: true,
      cell: (d) => (
        <span className={styles.stack}>
          <span>
            {d.decision === 'trasladado'
              ? `Trasladado a ${d.cargoA!.nombre}`
              : d.decision
                ? DECISION_DEBITO_LABELS[d.decision]
                : 'Sin decidir'}
            {d.decision && (d.porRegla ? ' (por regla)' : ' (a mano)')}
          </span>
          {!d.liquidado && !d.refacturada && (
            <span className={styles.acciones}>
              {d.decision !== 'trasladado' && (
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => run(decidir.mutateAsync({ id: d.id, decision: 'trasladado' }))}
                >
                  Trasladar
                </button>
              )}
              {d.decision !== 'absorbido' && (
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => run(decidir.mutateAsync({ id: d.id, decision: 'absorbido' }))}
                >
                  Absorber
                </button>
              )}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'refacturar',
      header: 'Refacturación',
      cell: (d) =>
        d.refacturada ? (
          'Refacturada'
        ) : d.refacturarHasta && d.refacturarHasta >= hoy ? (
          <span className={styles.stack}>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => run(refacturar.mutateAsync(d.lineaId))}
            >
              Refacturar
            </button>
            <span className={styles.muted}>hasta el {formatFecha(d.refacturarHasta)}</span>
          </span>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Modal isOpen onClose={onClose} title={`Débitos del lote ${lote.numeroFactura}`} size="lg">
      <div className={styles.seccion}>
        <p className={styles.muted}>
          {lote.obraSocial.nombre}, {lote.convenio.nombre}. Lo que la red absorbe no se descuenta a nadie; lo
          trasladado se descuenta en la próxima liquidación del prestador.
        </p>
        <div>
          <Button variant="secondary" onClick={() => setImportando(true)}>
            Importar débitos
          </Button>
        </div>
        <DataTable
          paging="client"
          label="Débitos del lote"
          columns={columns}
          rows={debitos.data}
          getRowId={(d) => d.id}
          isLoading={debitos.isFetching}
          error={debitos.error}
        />
      </div>
      {importando && <ImportarDebitos lote={lote} onClose={() => setImportando(false)} />}
    </Modal>
  );
}
