import {
  categoriasVisibles,
  DEFAULT_PAGE_SIZE,
  MESSAGES,
  type Notificacion,
  type NotificacionStaff,
} from '@red-dental/contracts';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button/index.ts';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { CheckCircleIcon } from '@/components/ui/icons/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { PlusIcon, TrashIcon } from '@/components/ui/screen-icons/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { formatCount, formatNotificationDate, formatNumber } from '@/lib/format.ts';
import { PAGE_PARAM, readPageIndex, withPageIndex } from '@/lib/list-params.ts';
import { PATHS } from '@/lib/paths.ts';
import { useSelection } from '@/lib/use-selection.ts';
import listPage from '@/styles/list-page.module.css';
import { useDeleteNotificaciones } from '../api/delete-notificaciones.ts';
import { useNotificaciones } from '../api/get-notificaciones.ts';
import { useUnreadCounts } from '../api/get-unread-counts.ts';
import { useMarkNotificacionRead } from '../api/mark-notificacion-read.ts';
import { CategoriaList } from './categoria-list.tsx';
import { DeleteNotificacionesModal } from './delete-notificaciones-modal.tsx';
import { DestinatariosModal } from './destinatarios-modal.tsx';
import styles from './notificaciones.module.css';
import { VerLink } from './ver-link.tsx';

/** The category chosen in the address (`?categoria=`), so Back returns to it. */
export const CATEGORIA_PARAM = 'categoria';

type Row = Notificacion | NotificacionStaff;

const isStaffRow = (row: Row): row is NotificacionStaff => 'recipientCount' in row;

export interface NotificacionesListProps {
  /** AFILIADOS.CREATE: every notification, who read each, sending and deleting. Otherwise the user's own. */
  isStaff: boolean;
}

/** `/notificaciones`: the categories with their unread counts beside the table of notifications. */
export function NotificacionesList({ isStaff }: NotificacionesListProps) {
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const categorias = categoriasVisibles(isStaff);
  const chosen = params.get(CATEGORIA_PARAM) ?? undefined;
  const category = chosen && (categorias as readonly string[]).includes(chosen) ? chosen : undefined;
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const pagination: Pagination = { pageIndex: readPageIndex(params), pageSize };

  const page = useNotificaciones(isStaff, { ...pagination, search: category });
  const unread = useUnreadCounts(!isStaff);
  const markRead = useMarkNotificacionRead();
  const deletion = useDeleteNotificaciones();
  const { selected, toggle, clear: clearSelection } = useSelection<number>();
  const [isConfirmingDeletion, setIsConfirmingDeletion] = useState(false);
  const [readersOf, setReadersOf] = useState<NotificacionStaff | null>(null);

  const chooseCategory = (next: string | undefined) => {
    const merged = new URLSearchParams(params);
    if (next) merged.set(CATEGORIA_PARAM, next);
    else merged.delete(CATEGORIA_PARAM);
    merged.delete(PAGE_PARAM);
    setParams(merged);
    clearSelection();
  };

  const changePagination = (next: Pagination) => {
    if (next.pageSize !== pageSize) {
      setPageSize(next.pageSize);
      const merged = new URLSearchParams(params);
      merged.delete(PAGE_PARAM);
      setParams(merged, { replace: true });
      return;
    }
    setParams(withPageIndex(params, next.pageIndex));
  };

  const open = useCallback(
    (row: Row) => {
      // Opening it is reading it: the row loses its bold and the sidebar its marker.
      if (!isStaff && !row.open) markRead.mutate(row.id);
    },
    [isStaff, markRead.mutate],
  );

  const columns = useMemo(() => {
    const list: Column<Row>[] = [];
    if (isStaff)
      list.push({
        id: 'seleccion',
        header: <span className="sr-only">Seleccionar</span>,
        label: 'Seleccionar',
        align: 'center',
        isPrimary: true,
        cell: (n) => (
          <Checkbox
            aria-label={`Seleccionar ${n.title}`}
            checked={selected.has(n.id)}
            onChange={(event) => toggle(n.id, event.target.checked)}
          />
        ),
      });
    list.push(
      {
        id: 'titulo',
        header: 'Título',
        cell: (n) => <span className={styles.words}>{n.title}</span>,
        isPrimary: true,
      },
      {
        id: 'categoria',
        header: 'Categoría',
        cell: (n) => <span className={styles.words}>{n.category}</span>,
      },
      {
        id: 'fecha',
        header: 'Fecha',
        cell: (n) => <span className={styles.nowrap}>{formatNotificationDate(n.createdAt)}</span>,
      },
    );
    if (isStaff)
      list.push({
        id: 'lecturas',
        header: 'Lecturas',
        cell: (n) =>
          isStaffRow(n) ? (
            <button type="button" className={styles.readers} onClick={() => setReadersOf(n)}>
              Leída por {formatNumber(n.readCount)} de {formatNumber(n.recipientCount)}
            </button>
          ) : null,
      });
    else
      list.push({
        id: 'leida',
        header: 'Leída',
        align: 'center',
        cell: (n) =>
          n.open ? (
            <span className={styles.readTick} title="Leída">
              <CheckCircleIcon size={20} aria-hidden="true" />
              <span className="sr-only">Leída</span>
            </span>
          ) : (
            <span className="sr-only">No leída</span>
          ),
      });
    list.push({
      id: 'ver',
      header: <span className="sr-only">Archivo</span>,
      label: 'Archivo',
      align: 'end',
      isPrimary: true,
      cell: (n) => <VerLink notificacion={n} onOpen={() => open(n)} />,
    });
    return list;
  }, [isStaff, selected, toggle, open]);

  const selectedIds = [...selected];
  const confirmDeletion = () => {
    deletion.mutate(selectedIds, {
      onSuccess: () => toast.success(MESSAGES.notificaciones.DELETED),
      onError: () => toast.error(MESSAGES.notificaciones.DELETE_FAILED),
      onSettled: () => {
        clearSelection();
        setIsConfirmingDeletion(false);
      },
    });
  };

  return (
    <div className={styles.layout}>
      <CategoriaList
        categorias={categorias}
        chosen={category}
        counts={isStaff ? undefined : unread.data}
        onChoose={chooseCategory}
      />
      <ListPanel
        title={category ?? 'Todas las notificaciones'}
        count={page.data ? formatCount(page.data.rowCount, 'notificación', 'notificaciones') : undefined}
      >
        {isStaff && (
          <div className={listPage.toolbar}>
            {selected.size > 0 && (
              <Button
                variant="alert"
                icon={<TrashIcon size={18} />}
                onClick={() => setIsConfirmingDeletion(true)}
              >
                Eliminar Seleccionados
              </Button>
            )}
            <Link to={PATHS.notificacionesCrear} className={buttonClasses({ className: styles.create })}>
              <PlusIcon size={18} />
              Crear Notificacion
            </Link>
          </div>
        )}
        <DataTable
          paging="server"
          label="Notificaciones"
          columns={columns}
          rows={page.data?.rows}
          rowCount={page.data?.rowCount ?? 0}
          pagination={pagination}
          onPaginationChange={changePagination}
          getRowId={(n) => n.id}
          getRowClassName={(n) => (n.open ? undefined : styles.unread)}
          isLoading={page.isPending}
          error={page.error}
        />
      </ListPanel>
      {isStaff && (
        <>
          <DeleteNotificacionesModal
            isOpen={isConfirmingDeletion}
            count={selected.size}
            isDeleting={deletion.isPending}
            onConfirm={confirmDeletion}
            onClose={() => setIsConfirmingDeletion(false)}
          />
          <DestinatariosModal notificacion={readersOf} onClose={() => setReadersOf(null)} />
        </>
      )}
    </div>
  );
}
