import { DEFAULT_PAGE_SIZE, MESSAGES, type Notificacion } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OfflineNotice } from '@/components/offline/offline-notice/index.ts';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { MailIcon } from '@/components/ui/icons/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { formatCount, formatNotificationDate } from '@/lib/format.ts';
import { readPageIndex, withPageIndex } from '@/lib/list-params.ts';
import { PATHS } from '@/lib/paths.ts';
import { useNotificacionesAfiliado } from '../api/get-notificaciones-afiliado.ts';
import { useMarkNotificacionRead } from '../api/mark-notificacion-read.ts';
import styles from './notificaciones.module.css';
import { VerLink } from './ver-link.tsx';

/** `/notificaciones-afiliado`: the affiliate's notifications, unread in bold, each PDF behind VER. */
export function NotificacionesAfiliado() {
  const [params, setParams] = useSearchParams();
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const pagination: Pagination = { pageIndex: readPageIndex(params), pageSize };
  const page = useNotificacionesAfiliado(pagination);
  const markRead = useMarkNotificacionRead();

  const columns = useMemo<Column<Notificacion>[]>(
    () => [
      {
        id: 'titulo',
        header: 'Título',
        // Bold says unread to the eye; the words say it to a screen reader.
        cell: (n) => (
          <>
            {n.title}
            {!n.open && <span className="sr-only"> (no leída)</span>}
          </>
        ),
        isPrimary: true,
      },
      {
        id: 'fecha',
        header: 'Fecha',
        cell: (n) => <span className={styles.nowrap}>{formatNotificationDate(n.createdAt)}</span>,
        // Three short columns: a phone shows them all.
        isPrimary: true,
      },
      {
        id: 'ver',
        header: <span className="sr-only">Archivo</span>,
        label: 'Archivo',
        align: 'end',
        isPrimary: true,
        cell: (n) => <VerLink notificacion={n} onOpen={() => (n.open ? undefined : markRead.mutate(n.id))} />,
      },
    ],
    [markRead.mutate],
  );

  const isEmpty = page.data?.rowCount === 0;
  return (
    <ListPanel
      title="Notificaciones recibidas"
      count={
        page.data && !isEmpty ? formatCount(page.data.rowCount, 'notificación', 'notificaciones') : undefined
      }
    >
      <OfflineNotice savedAt={page.keptSince} what="notificaciones" className={styles.offline} />
      {isEmpty ? (
        <div className={styles.banner} role="status">
          <MailIcon size={22} aria-hidden="true" />
          <p>
            {MESSAGES.notificaciones.AFILIADO_EMPTY_BANNER}{' '}
            <Link to={PATHS.perfilAfiliado}>Ir a Mi Perfil</Link>
          </p>
        </div>
      ) : (
        <DataTable
          paging="server"
          label="Notificaciones"
          columns={columns}
          rows={page.data?.rows}
          rowCount={page.data?.rowCount ?? 0}
          pagination={pagination}
          onPaginationChange={(next) => {
            // Another page size starts again from the first page.
            if (next.pageSize !== pageSize) setPageSize(next.pageSize);
            setParams(withPageIndex(params, next.pageSize !== pageSize ? 0 : next.pageIndex));
          }}
          getRowId={(n) => n.id}
          getRowClassName={(n) => (n.open ? undefined : styles.unread)}
          isLoading={page.isPending}
          error={page.error}
        />
      )}
    </ListPanel>
  );
}
