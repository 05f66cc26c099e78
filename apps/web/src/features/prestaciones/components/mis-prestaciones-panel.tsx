import {
  ESTADO_LINEA_LABELS,
  ESTADOS_LINEA,
  formatFecha,
  formatImporte,
  lugarDeLinea,
  MESSAGES,
  type MiPrestacion,
  networkClock,
} from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { ExportButton } from '@/components/exports/export-button/index.ts';
import { Badge } from '@/components/ui/badge/index.ts';
import { ConfirmModal } from '@/components/ui/confirm-modal/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { PrinterIcon, TrashIcon } from '@/components/ui/screen-icons/index.ts';
import { SearchForm } from '@/components/ui/search-form/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/format.ts';
import listPage from '@/styles/list-page.module.css';
import {
  descargarComprobante,
  exportMisPrestaciones,
  type MisPrestacionesFiltro,
  useAnularLinea,
  useMisPrestaciones,
} from '../api/mis-prestaciones.ts';
import styles from './prestaciones.module.css';

const M = MESSAGES.prestaciones;
const ESTADO_OPTIONS = ESTADOS_LINEA.map((e) => ({ value: e, label: ESTADO_LINEA_LABELS[e] }));

/**
 * 'Mis prestaciones': the dentist's lines of a month with their states and
 * totals, filtered by state or by patient, code or validation code; each
 * visit's comprobante; anulment of a validated line; the month as a file.
 */
export function MisPrestacionesPanel() {
  const toast = useToast();
  const [periodo, setPeriodo] = useState(() => networkClock(new Date()).date.slice(0, 7));
  const [estado, setEstado] = useState('');
  const [texto, setTexto] = useState('');
  const [search, setSearch] = useState('');
  const filtro: MisPrestacionesFiltro = { periodo, estado, search };
  const mias = useMisPrestaciones(filtro);
  const anular = useAnularLinea();
  const [anulando, setAnulando] = useState<MiPrestacion | null>(null);

  const columns = useMemo<Column<MiPrestacion>[]>(
    () => [
      {
        id: 'prestacion',
        header: 'Prestación',
        isPrimary: true,
        cell: (l) => (
          <span className={styles.stack}>
            <span>
              <strong>{l.codigo}</strong> {l.nombre}
            </span>
            <span className={styles.muted}>
              {lugarDeLinea(l)} · {formatFecha(l.fecha)}
            </span>
          </span>
        ),
      },
      {
        id: 'paciente',
        header: 'Paciente',
        cell: (l) => (
          <span className={styles.stack}>
            <span>{l.afiliado.nombre}</span>
            <span className={styles.muted}>
              {l.afiliado.documento} · {l.obraSocial ?? 'Sin obra social'}
            </span>
          </span>
        ),
      },
      {
        id: 'codigo',
        header: 'Validación',
        cell: (l) => <span className={styles.mono}>{l.codigoValidacion}</span>,
      },
      {
        id: 'estado',
        header: 'Estado',
        cell: (l) => (
          <span className={styles.stack}>
            <Badge tone={l.estado === 'anulada' ? 'neutral' : l.estado === 'rechazada' ? 'error' : 'success'}>
              {ESTADO_LINEA_LABELS[l.estado]}
            </Badge>
            {l.regularizarAntes && (
              <span className={styles.muted}>Regularizar antes del {formatFecha(l.regularizarAntes)}</span>
            )}
          </span>
        ),
      },
      {
        id: 'importe',
        header: 'Arancel',
        align: 'end',
        cell: (l) => <span className={styles.money}>{formatImporte(l.importe)}</span>,
      },
      {
        id: 'coseguro',
        header: 'Coseguro',
        align: 'end',
        cell: (l) => <span className={styles.money}>{formatImporte(l.coseguro)}</span>,
      },
      {
        id: 'acciones',
        header: <span className="sr-only">Acciones</span>,
        label: 'Acciones',
        cell: (l) => (
          <span className={listPage.actions}>
            <button
              type="button"
              className={listPage.iconButton}
              aria-label={`Comprobante de ${l.codigoValidacion}`}
              title="Comprobante"
              onClick={() =>
                descargarComprobante(l.atencionId, l.codigoValidacion).catch((e) =>
                  toast.error(errorMessage(e)),
                )
              }
            >
              <PrinterIcon size={18} />
            </button>
            {l.anulable && (
              <button
                type="button"
                className={`${listPage.iconButton} ${listPage.iconButtonDanger}`}
                aria-label={`Anular ${l.codigo} de ${l.afiliado.nombre}`}
                title="Anular"
                onClick={() => setAnulando(l)}
              >
                <TrashIcon size={18} />
              </button>
            )}
          </span>
        ),
      },
    ],
    [toast],
  );

  const t = mias.data?.totales;

  return (
    <ListPanel
      title="Mis prestaciones"
      count={t && formatCount(t.lineas, 'prestación', 'prestaciones')}
      actions={
        <ExportButton
          failure={MESSAGES.EXPORT_FAILED}
          disabled={!mias.data || mias.data.lineas.length === 0}
          onExport={(format, onProgress) => exportMisPrestaciones(filtro, format, onProgress)}
        />
      }
    >
      <SearchForm
        label="Buscar paciente, código o validación"
        value={texto}
        onChange={setTexto}
        onSearch={(v) => setSearch(v.trim())}
      >
        <TextInput
          label="Mes"
          type="month"
          value={periodo}
          onChange={(e) => e.target.value && setPeriodo(e.target.value)}
        />
        <Select
          label="Estado"
          placeholder="Todos"
          options={ESTADO_OPTIONS}
          value={estado}
          onChange={(e) => setEstado(e.target.value)}
        />
      </SearchForm>
      {t && (
        <p className={styles.totales}>
          <span>
            Total <span className={styles.money}>{formatImporte(t.importe)}</span>
          </span>
          <span>
            Coseguros cobrados <span className={styles.money}>{formatImporte(t.coseguro)}</span>
          </span>
          <span>
            A cargo de las obras sociales <span className={styles.money}>{formatImporte(t.cargoOs)}</span>
          </span>
        </p>
      )}
      <DataTable
        paging="client"
        initialPageSize={25}
        label="Mis prestaciones"
        columns={columns}
        rows={mias.data?.lineas}
        getRowId={(l) => l.id}
        isLoading={mias.isPending}
        error={mias.error}
      />
      <ConfirmModal
        isOpen={anulando !== null}
        onClose={() => setAnulando(null)}
        title="Anular prestación"
        confirmLabel="Anular"
        isPending={anular.isPending}
        onConfirm={() =>
          anular.mutate(anulando!.id, {
            onSuccess: () => toast.success(M.ANULADA),
            onError: (error) => toast.error(errorMessage(error)),
            onSettled: () => setAnulando(null),
          })
        }
      >
        <p>
          ¿Anular {anulando?.codigo} {anulando?.nombre} de {anulando?.afiliado.nombre} (validación{' '}
          {anulando?.codigoValidacion})? No se presentará a la obra social.
        </p>
      </ConfirmModal>
    </ListPanel>
  );
}
