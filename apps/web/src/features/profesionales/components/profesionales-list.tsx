import { MESSAGES, type ProfesionalRow } from '@red-dental/contracts';
import { useMemo, useState } from 'react';
import { generatePath, Link, useSearchParams } from 'react-router';
import { ExportButton } from '@/components/exports/export-button/index.ts';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button, buttonClasses } from '@/components/ui/button/index.ts';
import { CountBadge } from '@/components/ui/count-badge/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
import { AlertIcon } from '@/components/ui/icons/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { Modal } from '@/components/ui/modal/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { EyeIcon, PencilIcon, TrashIcon, UsersIcon } from '@/components/ui/screen-icons/index.ts';
import { SearchForm } from '@/components/ui/search-form/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatNumber } from '@/lib/format.ts';
import { PAGE_PARAM } from '@/lib/list-params.ts';
import { PATHS } from '@/lib/paths.ts';
import { useListParams } from '@/lib/use-list-params.ts';
import listPage from '@/styles/list-page.module.css';
import { useDeleteProfesional } from '../api/delete-profesional.ts';
import { exportProfesionales } from '../api/export-profesionales.ts';
import { usePendientes } from '../api/get-pendientes.ts';
import { useProfesionalesPage } from '../api/get-profesionales.ts';
import styles from './profesionales-list.module.css';
import { SendRecordatorioButton } from './send-recordatorio-button.tsx';

/** `?sinConfirmar=1`: the dashboard's way to the providers whose data are over 90 days old. */
const SIN_CONFIRMAR_PARAM = 'sinConfirmar';

export interface ProfesionalesListProps {
  /** PROFESSIONALS.ACCEPT_REQUEST: the way to the pending sign-up requests. */
  canReviewRequests: boolean;
  /** PROFESSIONALS.DELETE: the delete action on each row (the server checks it too). */
  canDelete: boolean;
  /** PROFESSIONALS.UPDATE: each row leads to the profile to edit it; without it, to see it. */
  canEdit?: boolean;
  /** PROFESSIONALS.UPDATE: the way to the queue of wrong-data reports. */
  canReviewReports?: boolean;
}

/** '2 pendientes': what a badge's number means, for screen readers. */
const waiting = (count: number | null, one: string, many: string) =>
  `${formatNumber(count ?? 0)} ${count === 1 ? one : many}`;

/** `/profesionales`: the approved professionals, searched by nombre or razón social. */
export function ProfesionalesList({
  canReviewRequests,
  canDelete,
  canEdit = false,
  canReviewReports = false,
}: ProfesionalesListProps) {
  const toast = useToast();
  const { search, setSearch, pagination, changePagination } = useListParams();
  const [params, setParams] = useSearchParams();
  // From the dashboard: only those whose data were last confirmed over 90 days ago.
  const sinConfirmar = params.get(SIN_CONFIRMAR_PARAM) === '1';
  const [draft, setDraft] = useState(search);
  const page = useProfesionalesPage({ ...pagination, search, sinConfirmar });
  const [removing, setRemoving] = useState<ProfesionalRow | null>(null);
  const deletion = useDeleteProfesional();

  const confirmDeletion = () => {
    if (!removing) return;
    deletion.mutate(removing.id, {
      onSuccess: () => {
        toast.success(`Se eliminó a ${removing.nombre}`);
        setRemoving(null);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const columns = useMemo<Column<ProfesionalRow>[]>(() => {
    const list: Column<ProfesionalRow>[] = [
      { id: 'nombre', header: 'Nombre', cell: (p) => <strong>{p.nombre}</strong>, isPrimary: true },
      {
        id: 'especialidad',
        header: 'Especialidad',
        cell: (p) => p.especialidades.map((e) => e.nombre).join(', '),
      },
      { id: 'razonSocial', header: 'Razón Social', cell: (p) => p.razonSocial ?? '', isPrimary: true },
      { id: 'telefono', header: 'Teléfono', cell: (p) => p.telefono ?? '' },
      {
        id: 'editar',
        header: <span className="sr-only">{canEdit ? 'Editar' : 'Ver'}</span>,
        label: canEdit ? 'Editar' : 'Ver',
        align: 'center',
        cell: (p) => (
          <Link
            to={generatePath(PATHS.profesionalesEdit, { id: String(p.id) })}
            className={listPage.iconButton}
            aria-label={canEdit ? `Editar a ${p.nombre}` : `Ver a ${p.nombre}`}
            title={canEdit ? 'Editar' : 'Ver'}
          >
            {canEdit ? <PencilIcon size={18} /> : <EyeIcon size={18} />}
          </Link>
        ),
      },
    ];
    if (sinConfirmar && canReviewReports)
      list.push({
        id: 'recordatorio',
        header: <span className="sr-only">Recordatorio</span>,
        label: 'Recordatorio',
        align: 'end',
        cell: (p) => <SendRecordatorioButton profesional={p} size="sm" />,
      });
    if (canDelete)
      list.push({
        id: 'eliminar',
        header: <span className="sr-only">Eliminar</span>,
        label: 'Eliminar',
        align: 'center',
        cell: (p) => (
          <button
            type="button"
            className={`${listPage.iconButton} ${listPage.iconButtonDanger}`}
            aria-label={`Eliminar a ${p.nombre}`}
            title="Eliminar"
            onClick={() => setRemoving(p)}
          >
            <TrashIcon size={18} />
          </button>
        ),
      });
    return list;
  }, [canDelete, canEdit, sinConfirmar, canReviewReports]);

  const pendientes = usePendientes(canReviewRequests || canReviewReports);

  return (
    <div className={listPage.page}>
      <Panel className={listPage.panel} aria-label="Búsqueda de profesionales">
        <SearchForm label="Buscar profesional" value={draft} onChange={setDraft} onSearch={setSearch} />
        {(canReviewRequests || canReviewReports) && (
          <div className={listPage.actions}>
            {canReviewReports && (
              <Link to={PATHS.profesionalesReportes} className={buttonClasses({ variant: 'secondary' })}>
                <AlertIcon size={18} />
                Reportes de datos
                <CountBadge
                  count={pendientes.reportes ?? 0}
                  words={waiting(pendientes.reportes, 'abierto', 'abiertos')}
                />
              </Link>
            )}
            {canReviewRequests && (
              <Link to={PATHS.profesionalesSolicitudes} className={buttonClasses({ variant: 'secondary' })}>
                <UsersIcon size={18} />
                Solicitudes
                <CountBadge
                  count={pendientes.solicitudes ?? 0}
                  words={waiting(pendientes.solicitudes, 'pendiente', 'pendientes')}
                />
              </Link>
            )}
          </div>
        )}
      </Panel>

      {sinConfirmar && (
        <Alert variant="info">
          <span className={styles.filterNotice}>
            Solo los profesionales que no confirman sus datos hace más de 90 días.
            <button
              type="button"
              className={styles.clearFilter}
              onClick={() => {
                const next = new URLSearchParams(params);
                next.delete(SIN_CONFIRMAR_PARAM);
                next.delete(PAGE_PARAM);
                setParams(next, { replace: true });
              }}
            >
              Ver todos
            </button>
          </span>
        </Alert>
      )}

      <ListPanel
        title="Lista de Profesionales"
        count={page.data && formatCount(page.data.rowCount, 'profesional', 'profesionales')}
        actions={
          <ExportButton
            failure={MESSAGES.EXPORT_FAILED}
            disabled={!page.data || page.data.rowCount === 0}
            onExport={(format, onProgress) =>
              exportProfesionales({ search, sinConfirmar }, format, onProgress)
            }
          />
        }
      >
        <DataTable
          paging="server"
          label="Profesionales"
          columns={columns}
          rows={page.data?.rows}
          rowCount={page.data?.rowCount ?? 0}
          getRowId={(p) => p.id}
          isLoading={page.isFetching}
          error={page.error}
          pagination={pagination}
          onPaginationChange={changePagination}
        />
      </ListPanel>

      <Modal
        isOpen={removing !== null}
        onClose={() => setRemoving(null)}
        title="Confirmar eliminación"
        size="sm"
        closeOnOutsideClick={!deletion.isPending}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)} disabled={deletion.isPending}>
              Cancelar
            </Button>
            <Button variant="alert" onClick={confirmDeletion} isLoading={deletion.isPending}>
              Confirmar
            </Button>
          </>
        }
      >
        <p>{MESSAGES.profesionales.DELETE_CONFIRM}</p>
        {removing && (
          <p>
            <strong>{removing.nombre}</strong> perderá el acceso al sistema en el momento.
          </p>
        )}
      </Modal>
    </div>
  );
}
