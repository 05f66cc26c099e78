import { ACCESO_TIPO_LABELS, type AccesoRow, DEFAULT_PAGE_SIZE, MESSAGES } from '@red-dental/contracts';
import { useState } from 'react';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { formatCount, formatMomentTime } from '@/lib/format.ts';
import { useAccesos } from '../api/get-accesos.ts';
import styles from './mis-datos.module.css';

/** What was done, and for a coverage check whether the affiliate was found. */
function whatOf(row: AccesoRow): string {
  const label = ACCESO_TIPO_LABELS[row.tipo];
  if (row.encontrado === null) return label;
  return row.encontrado ? `${label} (figuraba como afiliado)` : `${label} (no lo encontró)`;
}

const COLUMNS: readonly Column<AccesoRow>[] = [
  { id: 'fecha', header: 'Fecha', isPrimary: true, cell: (r) => formatMomentTime(r.fecha) },
  { id: 'quien', header: 'Quién', isPrimary: true, cell: (r) => r.nombre },
  { id: 'rol', header: 'Rol', cell: (r) => r.rol },
  { id: 'que', header: 'Qué hizo', cell: whatOf },
];

export interface MisAccesosProps {
  /** The session was opened with the document alone: names come as initials. */
  parcial: boolean;
}

/**
 * 'Mis accesos': every coverage check and staff access to the affiliate's
 * record in the last 12 months, with the name and role of who did it (never
 * their e-mail).
 */
export function MisAccesos({ parcial }: MisAccesosProps) {
  const [pagination, setPagination] = useState<Pagination>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const accesos = useAccesos(pagination);
  const isEmpty = accesos.data?.rowCount === 0;
  return (
    <ListPanel
      title="Mis accesos"
      count={accesos.data && formatCount(accesos.data.rowCount, 'acceso', 'accesos')}
    >
      <p className={styles.hint}>
        Quién consultó su cobertura o accedió a sus datos en los últimos 12 meses: profesionales de la red y
        personal administrativo.
        {parcial && ' Los nombres se muestran con sus iniciales porque ingresó solo con su documento.'}
      </p>
      {isEmpty ? (
        <p className={styles.empty}>{MESSAGES.auditoria.NO_ACCESOS}</p>
      ) : (
        <DataTable
          paging="server"
          label="Mis accesos"
          columns={COLUMNS}
          rows={accesos.data?.rows}
          rowCount={accesos.data?.rowCount ?? 0}
          getRowId={(r) => `${r.fecha}-${r.nombre}-${r.tipo}`}
          isLoading={accesos.isFetching}
          error={accesos.error}
          pagination={pagination}
          onPaginationChange={setPagination}
        />
      )}
    </ListPanel>
  );
}
