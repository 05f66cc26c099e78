import {
  CONFIRMACION_ESTADOS,
  type ConfirmacionEstado,
  type ConfirmacionObservada,
  DEFAULT_PAGE_SIZE,
  formatFecha,
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
import { SEARCH_PARAM } from '@/lib/list-params.ts';
import { PATHS } from '@/lib/paths.ts';
import { useCanOpen } from '@/lib/use-can-open.ts';
import listPage from '@/styles/list-page.module.css';
import { useConfirmaciones, useRevisarConfirmacion } from '../api/confirmaciones.ts';
import styles from './confirmaciones.module.css';
import { loQueDijo } from './lo-que-dijo.ts';
import { RevisarConfirmacionModal } from './revisar-confirmacion-modal.tsx';

const ESTADO_PARAM = 'estado';
const PROFESIONAL_PARAM = 'profesionalId';

const estadoOf = (params: URLSearchParams): ConfirmacionEstado =>
  params.get(ESTADO_PARAM) === 'revisada' ? 'revisada' : 'pendiente';
const profesionalOf = (params: URLSearchParams) => {
  const id = Number(params.get(PROFESIONAL_PARAM));
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * `/afiliados/confirmaciones`: the visits an affiliate said did not happen, or
 * where they were charged beyond the copay, oldest first. Staff look into each
 * (call the affiliate, ask the dentist) and mark it reviewed with what they
 * found; reviewed ones come newest first and can go back to pending.
 */
export function ConfirmacionesQueue() {
  const toast = useToast();
  const canOpen = useCanOpen();
  const [params, setParams] = useSearchParams();
  const estado = estadoOf(params);
  const profesionalId = profesionalOf(params);
  const [pagination, setPagination] = useState<Pagination>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const queue = useConfirmaciones({ ...pagination, estado, profesionalId });
  const revisar = useRevisarConfirmacion();
  const [revisando, setRevisando] = useState<ConfirmacionObservada | null>(null);
  const profesional = profesionalId ? queue.data?.rows[0]?.profesional.nombre : undefined;

  const setFilter = (next: { estado?: ConfirmacionEstado; profesionalId?: number }) => {
    const merged = { estado, profesionalId, ...next };
    setPagination((p) => ({ ...p, pageIndex: 0 }));
    setParams(
      {
        ...(merged.estado === 'revisada' ? { [ESTADO_PARAM]: 'revisada' } : {}),
        ...(merged.profesionalId ? { [PROFESIONAL_PARAM]: String(merged.profesionalId) } : {}),
      },
      { replace: true },
    );
  };

  const reabrir = (c: ConfirmacionObservada) =>
    revisar.mutate(
      { atencionId: c.atencionId, estado: 'pendiente' },
      {
        onSuccess: () => toast.success(`La respuesta de ${c.afiliado.nombre} volvió a pendientes`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  const columns: Column<ConfirmacionObservada>[] = [
    { id: 'respondida', header: 'Respondió', cell: (c) => formatMomentDate(c.respondida) },
    {
      id: 'respuesta',
      header: 'Afiliado y respuesta',
      isPrimary: true,
      cell: (c) => (
        <span className={styles.stack}>
          <Link to={`${PATHS.afiliados}?${SEARCH_PARAM}=${encodeURIComponent(c.afiliado.documento)}`}>
            {c.afiliado.nombre}
          </Link>
          <strong className={styles.dijo}>{loQueDijo(c)}</strong>
        </span>
      ),
    },
    {
      id: 'atencion',
      header: 'Atención',
      cell: (c) => (
        <span className={styles.stack}>
          <span>
            {formatFecha(c.fecha)} · {c.codigoValidacion}
          </span>
          <span className={styles.muted}>{c.lineas.join(', ') || 'Sin prestaciones vigentes'}</span>
        </span>
      ),
    },
    {
      id: 'profesional',
      header: 'Profesional',
      cell: (c) => {
        const to = generatePath(PATHS.profesionalesEdit, { id: String(c.profesional.id) });
        return canOpen(to) ? <Link to={to}>{c.profesional.nombre}</Link> : c.profesional.nombre;
      },
    },
    ...(estado === 'revisada'
      ? [
          {
            id: 'revision',
            header: 'Revisión',
            cell: (c: ConfirmacionObservada) => (
              <span className={styles.stack}>
                <span>
                  {formatMomentDate(c.revision?.at)}
                  {c.revision?.por ? ` · ${c.revision.por}` : ''}
                </span>
                {c.revision?.nota && <span className={styles.muted}>{c.revision.nota}</span>}
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
      cell: (c) =>
        c.estado === 'pendiente' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setRevisando(c)}
            aria-label={`Revisar la respuesta de ${c.afiliado.nombre} sobre la atención ${c.codigoValidacion}`}
          >
            Revisar
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            isLoading={revisar.isPending && revisar.variables?.atencionId === c.atencionId}
            onClick={() => reabrir(c)}
            aria-label={`Volver a pendientes la respuesta de ${c.afiliado.nombre} sobre la atención ${c.codigoValidacion}`}
          >
            Volver a pendientes
          </Button>
        ),
    },
  ];

  return (
    <div className={listPage.page}>
      <ListPanel
        title="Confirmaciones observadas"
        count={
          queue.data &&
          formatCount(
            queue.data.rowCount,
            estado === 'pendiente' ? 'respuesta sin revisar' : 'respuesta revisada',
            estado === 'pendiente' ? 'respuestas sin revisar' : 'respuestas revisadas',
          )
        }
        leading={
          <Link to={PATHS.afiliados} className={styles.back}>
            <ChevronLeftIcon size={18} />
            Volver a Afiliados
          </Link>
        }
        actions={
          <Select
            label="Estado"
            hideLabel
            options={CONFIRMACION_ESTADOS.map((e) => ({
              value: e,
              label: e === 'pendiente' ? 'Sin revisar' : 'Revisadas',
            }))}
            value={estado}
            onChange={(event) =>
              setFilter({ estado: event.target.value === 'revisada' ? 'revisada' : 'pendiente' })
            }
          />
        }
      >
        <p className={styles.intro}>
          Atenciones que el afiliado dijo que no ocurrieron, o en las que le cobraron más que el coseguro.
          {profesionalId && (
            <>
              {' '}
              Solo las de {profesional || 'un profesional'}.{' '}
              <button
                type="button"
                className={styles.clear}
                onClick={() => setFilter({ profesionalId: undefined })}
              >
                Ver todas
              </button>
            </>
          )}
        </p>
        <DataTable
          paging="server"
          label={estado === 'pendiente' ? 'Respuestas sin revisar' : 'Respuestas revisadas'}
          columns={columns}
          rows={queue.data?.rows}
          rowCount={queue.data?.rowCount ?? 0}
          getRowId={(c) => c.atencionId}
          isLoading={queue.isFetching}
          error={queue.error}
          pagination={pagination}
          onPaginationChange={setPagination}
        />
      </ListPanel>
      {revisando && <RevisarConfirmacionModal confirmacion={revisando} onClose={() => setRevisando(null)} />}
    </div>
  );
}
