import {
  type AutorizacionFila,
  DEFAULT_PAGE_SIZE,
  ESTADO_AUTORIZACION_LABELS,
  ESTADOS_AUTORIZACION,
  type EstadoAutorizacion,
  formatFecha,
  lugarDeLinea,
  relojAutorizacion,
} from '@red-dental/contracts';
import { useState } from 'react';
import { generatePath, Link, useSearchParams } from 'react-router';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { formatCount, formatMomentDate } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
import listPage from '@/styles/list-page.module.css';
import { useMisAutorizaciones } from '../api/autorizaciones.ts';
import styles from './autorizaciones.module.css';
import { EstadoAutorizacionBadge } from './estado-autorizacion.tsx';

const ESTADO_PARAM = 'estado';
const estadoOf = (params: URLSearchParams) => {
  const v = params.get(ESTADO_PARAM);
  return (ESTADOS_AUTORIZACION as readonly string[]).includes(v ?? '')
    ? (v as EstadoAutorizacion)
    : undefined;
};

/** "Vale hasta el 05/03/2027", the promise of one under review, or nothing. */
export function plazoDe(a: AutorizacionFila, now: Date): string {
  if (a.venceEl && (a.estado === 'aprobada' || a.estado === 'aprobada_parcial'))
    return `Vale hasta el ${formatFecha(a.venceEl)}`;
  return relojAutorizacion(a, now) ?? (a.decidida ? `Decidida el ${formatMomentDate(a.decidida)}` : '');
}

/**
 * `/autorizaciones`: the dentist's prior authorizations, newest first, with
 * where each stands and the promise; each opens with its thread and files.
 * A new one is asked for from 'Atender', where the line says it needs one.
 */
export function MisAutorizaciones() {
  const [params, setParams] = useSearchParams();
  const estado = estadoOf(params);
  const [pagination, setPagination] = useState<Pagination>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const lista = useMisAutorizaciones({ ...pagination, estado });
  const now = new Date();

  const columns: Column<AutorizacionFila>[] = [
    {
      id: 'numero',
      header: 'Número',
      isPrimary: true,
      cell: (a) => (
        <Link to={generatePath(PATHS.autorizacion, { id: String(a.id) })} className={styles.mono}>
          {a.numero}
        </Link>
      ),
    },
    {
      id: 'paciente',
      header: 'Paciente',
      cell: (a) => (
        <span className={styles.stack}>
          <span>{a.afiliado.nombre}</span>
          <span className={styles.muted}>{a.obraSocial.nombre}</span>
        </span>
      ),
    },
    {
      id: 'prestaciones',
      header: 'Prestaciones',
      cell: (a) => a.items.map((i) => `${i.codigo} ${lugarDeLinea(i)}`).join(', '),
    },
    {
      id: 'estado',
      header: 'Estado',
      isPrimary: true,
      cell: (a) => (
        <span className={styles.stack}>
          <EstadoAutorizacionBadge estado={a.estado} />
          <span className={styles.muted}>{plazoDe(a, now)}</span>
        </span>
      ),
    },
  ];

  return (
    <div className={listPage.page}>
      <ListPanel
        title="Autorizaciones"
        count={lista.data && formatCount(lista.data.rowCount, 'autorización', 'autorizaciones')}
        actions={
          <Select
            label="Estado"
            hideLabel
            placeholder="Todos los estados"
            options={ESTADOS_AUTORIZACION.map((e) => ({ value: e, label: ESTADO_AUTORIZACION_LABELS[e] }))}
            value={estado ?? ''}
            onChange={(event) => {
              setPagination((p) => ({ ...p, pageIndex: 0 }));
              setParams(event.target.value ? { [ESTADO_PARAM]: event.target.value } : {}, { replace: true });
            }}
          />
        }
      >
        <p className={styles.intro}>
          Las autorizaciones previas que pidió. Una nueva se pide desde{' '}
          <Link to={PATHS.atender}>Atender</Link>, donde la prestación dice que la requiere.
        </p>
        <DataTable
          paging="server"
          label="Mis autorizaciones"
          columns={columns}
          rows={lista.data?.rows}
          rowCount={lista.data?.rowCount ?? 0}
          getRowId={(a) => a.id}
          isLoading={lista.isFetching}
          error={lista.error}
          pagination={pagination}
          onPaginationChange={setPagination}
        />
      </ListPanel>
    </div>
  );
}
