import {
  DEFAULT_PAGE_SIZE,
  REPORTE_ESTADOS,
  type ReporteEstado,
  type ReporteQueueRow,
} from '@red-dental/contracts';
import { useState } from 'react';
import { generatePath, Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { ChevronLeftIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatMomentDate } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
import listPage from '@/styles/list-page.module.css';
import { useReportesQueue } from '../api/get-reportes-queue.ts';
import { useUpdateReporte } from '../api/update-reporte.ts';
import { CloseReporteModal } from './close-reporte-modal.tsx';
import { reporteAfiliadoLabel } from './reporte-afiliado.ts';
import styles from './reportes-queue.module.css';

const ESTADO_PARAM = 'estado';

const estadoOf = (params: URLSearchParams): ReporteEstado =>
  params.get(ESTADO_PARAM) === 'cerrado' ? 'cerrado' : 'abierto';

/**
 * `/profesionales/reportes`: what affiliates reported wrong in the
 * directory, every provider's in one queue. Open reports come oldest first
 * and are closed with a note (the affiliate who sent it reads it); closed
 * ones come newest first and can be opened again.
 */
export function ReportesQueue() {
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const estado = estadoOf(params);
  const [pagination, setPagination] = useState<Pagination>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const queue = useReportesQueue({ ...pagination, estado });
  const update = useUpdateReporte();
  const [closing, setClosing] = useState<ReporteQueueRow | null>(null);

  const reopen = (r: ReporteQueueRow) =>
    update.mutate(
      { id: r.id, estado: 'abierto' },
      {
        onSuccess: () => toast.success(`Se volvió a abrir el reporte sobre ${r.profesional.nombre}`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  const columns: Column<ReporteQueueRow>[] = [
    { id: 'fecha', header: 'Enviado', cell: (r) => formatMomentDate(r.createdAt) },
    {
      id: 'profesional',
      header: 'Profesional',
      isPrimary: true,
      cell: (r) => (
        <Link to={generatePath(PATHS.profesionalesEdit, { id: String(r.profesional.id) })}>
          {r.profesional.nombre}
        </Link>
      ),
    },
    { id: 'motivo', header: 'Qué informó', isPrimary: true, cell: (r) => r.motivo },
    {
      id: 'afiliado',
      header: 'Afiliado',
      cell: (r) => (r.afiliado ? reporteAfiliadoLabel(r.afiliado) : 'Dado de baja'),
    },
    ...(estado === 'cerrado'
      ? [
          {
            id: 'cierre',
            header: 'Cierre',
            cell: (r: ReporteQueueRow) => (
              <span className={styles.closing}>
                <span>
                  {formatMomentDate(r.cerradoAt)}
                  {r.cerradoPor ? ` · ${r.cerradoPor}` : ''}
                </span>
                {r.nota && <span className={styles.nota}>{r.nota}</span>}
              </span>
            ),
          },
        ]
      : []),
    {
      id: 'acciones',
      header: <span className="sr-only">Acciones</span>,
      label: 'Acciones',
      align: 'end',
      isPrimary: true,
      cell: (r) =>
        r.estado === 'abierto' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setClosing(r)}
            aria-label={`Cerrar el reporte sobre ${r.profesional.nombre}`}
          >
            Cerrar
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            isLoading={update.isPending && update.variables?.id === r.id}
            onClick={() => reopen(r)}
            aria-label={`Volver a abrir el reporte sobre ${r.profesional.nombre}`}
          >
            Reabrir
          </Button>
        ),
    },
  ];

  return (
    <div className={listPage.page}>
      <ListPanel
        title="Reportes de datos"
        count={
          queue.data &&
          formatCount(
            queue.data.rowCount,
            estado === 'abierto' ? 'reporte abierto' : 'reporte cerrado',
            estado === 'abierto' ? 'reportes abiertos' : 'reportes cerrados',
          )
        }
        leading={
          <Link to={PATHS.profesionales} className={styles.back}>
            <ChevronLeftIcon size={18} />
            Volver a Profesionales
          </Link>
        }
        actions={
          <Select
            label="Estado"
            hideLabel
            options={REPORTE_ESTADOS.map((e) => ({
              value: e,
              label: e === 'abierto' ? 'Abiertos' : 'Cerrados',
            }))}
            value={estado}
            onChange={(event) => {
              setPagination((p) => ({ ...p, pageIndex: 0 }));
              setParams(event.target.value === 'cerrado' ? { [ESTADO_PARAM]: 'cerrado' } : {}, {
                replace: true,
              });
            }}
          />
        }
      >
        <DataTable
          paging="server"
          label={estado === 'abierto' ? 'Reportes abiertos' : 'Reportes cerrados'}
          columns={columns}
          rows={queue.data?.rows}
          rowCount={queue.data?.rowCount ?? 0}
          getRowId={(r) => r.id}
          isLoading={queue.isFetching}
          error={queue.error}
          pagination={pagination}
          onPaginationChange={setPagination}
        />
      </ListPanel>
      {closing && (
        <CloseReporteModal
          reporte={closing}
          profesionalNombre={closing.profesional.nombre}
          onClose={() => setClosing(null)}
        />
      )}
    </div>
  );
}
