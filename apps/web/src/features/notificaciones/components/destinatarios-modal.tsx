import { type Destinatario, MESSAGES, type NotificacionStaff } from '@red-dental/contracts';
import { useState } from 'react';
import { ExportButton } from '@/components/exports/export-button/index.ts';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { formatNotificationDate, formatNumber } from '@/lib/format.ts';
import { exportDestinatarios } from '../api/export-destinatarios.ts';
import { useDestinatarios } from '../api/get-destinatarios.ts';
import styles from './notificaciones.module.css';

const PAGE_SIZE = 10;

const columns: Column<Destinatario>[] = [
  { id: 'nombre', header: 'Nombre', cell: (d) => d.nombre, isPrimary: true },
  { id: 'detalle', header: 'Documento o email', cell: (d) => d.detalle },
  {
    id: 'leida',
    header: 'Leída el',
    isPrimary: true,
    cell: (d) =>
      d.readAt ? formatNotificationDate(d.readAt) : <span className={styles.muted}>Sin leer</span>,
  },
];

/** One notification's recipients, a page at a time. */
function DestinatariosTable({ notificacionId }: { notificacionId: number }) {
  const [pagination, setPagination] = useState<Pagination>({ pageIndex: 0, pageSize: PAGE_SIZE });
  const page = useDestinatarios(notificacionId, pagination);
  return (
    <DataTable
      paging="server"
      label="Destinatarios"
      columns={columns}
      rows={page.data?.rows}
      rowCount={page.data?.rowCount ?? 0}
      pagination={pagination}
      onPaginationChange={setPagination}
      getRowId={(d) => `${d.tipo}-${d.detalle}`}
      isLoading={page.isPending}
      error={page.error}
    />
  );
}

/** Who received a notification and when each read it: 'Leída por X de N', opened from the staff list. */
export function DestinatariosModal({
  notificacion,
  onClose,
}: {
  notificacion: NotificacionStaff | null;
  onClose: () => void;
}) {
  return (
    <Modal isOpen={notificacion !== null} onClose={onClose} title={notificacion?.title ?? ''} size="lg">
      {notificacion && (
        <div className={styles.readersBody}>
          <div className={styles.readersSummary}>
            <p>
              Leída por {formatNumber(notificacion.readCount)} de {formatNumber(notificacion.recipientCount)}{' '}
              {notificacion.destinatario === 'afiliados' ? 'afiliados' : 'profesionales'}.
            </p>
            <ExportButton
              failure={MESSAGES.EXPORT_FAILED}
              disabled={notificacion.recipientCount === 0}
              onExport={(format, onProgress) => exportDestinatarios(notificacion.id, format, onProgress)}
            />
          </div>
          {/* Keyed: another notification starts from its first page. */}
          <DestinatariosTable key={notificacion.id} notificacionId={notificacion.id} />
        </div>
      )}
    </Modal>
  );
}
