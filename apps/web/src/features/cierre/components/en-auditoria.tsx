import {
  DEFAULT_PAGE_SIZE,
  ESTADO_LINEA_LABELS,
  formatFecha,
  type LineaPresentada,
  lugarDeLinea,
  MOTIVO_MUESTRA_LABELS,
} from '@red-dental/contracts';
import { useState } from 'react';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { formatCount } from '@/lib/format.ts';
import { useLineasPresentadas } from '../api/lineas.ts';
import styles from './cierre.module.css';
import { PasoPrestadorModal } from './paso-prestador-modal.tsx';

/** Where the line stands in the audit, in a sentence the dentist can act on. */
function dondeEsta(l: LineaPresentada): string {
  if (l.estado === 'observada')
    return `El auditor pide: «${l.nota ?? ''}». Responda hasta el ${formatFecha(l.observadaHasta!)}`;
  if (l.estado === 'reconsideracion') return 'Pidió la reconsideración: la revisa un auditor';
  return `La revisa un auditor${l.muestra ? ` (${MOTIVO_MUESTRA_LABELS[l.muestra].toLowerCase()})` : ''}`;
}

/**
 * The dentist's lines an auditor has not decided yet: the closing's sample
 * and alarms, the observed ones she must answer, her reconsiderations. They
 * are paid at the closing after the decision.
 */
export function EnAuditoria() {
  const [pagination, setPagination] = useState<Pagination>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const lista = useLineasPresentadas(pagination);
  const [respondiendo, setRespondiendo] = useState<LineaPresentada | null>(null);
  const columns: Column<LineaPresentada>[] = [
    {
      id: 'atencion',
      header: 'Atención',
      cell: (l) => (
        <span className={styles.stack}>
          <span>{formatFecha(l.fecha)}</span>
          <span className={`${styles.muted} ${styles.mono}`}>{l.codigoValidacion}</span>
        </span>
      ),
    },
    { id: 'afiliado', header: 'Paciente', cell: (l) => l.afiliado.nombre },
    {
      id: 'prestacion',
      header: 'Prestación',
      isPrimary: true,
      cell: (l) => `${l.codigo} ${l.nombre}, ${lugarDeLinea(l)}`,
    },
    {
      id: 'estado',
      header: 'Estado',
      isPrimary: true,
      cell: (l) => (
        <span className={styles.stack}>
          <span>{ESTADO_LINEA_LABELS[l.estado]}</span>
          <span className={styles.muted}>{dondeEsta(l)}</span>
          {l.estado === 'observada' && (
            <button type="button" className={styles.linkButton} onClick={() => setRespondiendo(l)}>
              Responder
            </button>
          )}
        </span>
      ),
    },
  ];
  return (
    <ListPanel
      title="En auditoría"
      count={lista.data && formatCount(lista.data.rowCount, 'prestación', 'prestaciones')}
    >
      <p className={styles.intro}>
        Las prestaciones presentadas que revisa un auditor antes de pagarlas. Se liquidan en el cierre que
        sigue a la decisión.
      </p>
      <DataTable
        paging="server"
        label="Prestaciones en auditoría"
        columns={columns}
        rows={lista.data?.rows}
        rowCount={lista.data?.rowCount ?? 0}
        pagination={pagination}
        onPaginationChange={setPagination}
        getRowId={(l) => l.id}
        isLoading={lista.isFetching}
        error={lista.error}
      />
      {respondiendo && (
        <PasoPrestadorModal
          paso="respuesta"
          lineaId={respondiendo.id}
          descripcion={`${respondiendo.codigo} ${respondiendo.nombre}, ${lugarDeLinea(respondiendo)}, del ${formatFecha(respondiendo.fecha)}. El auditor pide: «${respondiendo.nota ?? ''}»`}
          onClose={() => setRespondiendo(null)}
        />
      )}
    </ListPanel>
  );
}
