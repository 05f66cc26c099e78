import {
  AFILIADO_ESTADOS,
  type Afiliado,
  type AfiliadoEstado,
  DEFAULT_PAGE_SIZE,
  MESSAGES,
  type ObraSocialRef,
  type Plan,
} from '@red-dental/contracts';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExportButton } from '@/components/exports/export-button/index.ts';
import { Badge } from '@/components/ui/badge/index.ts';
import { Button, buttonClasses } from '@/components/ui/button/index.ts';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { IdCardIcon } from '@/components/ui/icons/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { EyeIcon, PencilIcon, PlusIcon, SearchIcon, UploadIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { formatCount, formatDate } from '@/lib/format.ts';
import { PAGE_PARAM, readPageIndex, SEARCH_PARAM, withPageIndex } from '@/lib/list-params.ts';
import { PATHS } from '@/lib/paths.ts';
import listPage from '@/styles/list-page.module.css';
import { exportAfiliados } from '../api/export-afiliados.ts';
import { useAfiliadosPage } from '../api/get-afiliados.ts';
import { AfiliadoEditModal } from './afiliado-edit-modal.tsx';
import styles from './afiliados-list.module.css';
import { ESTADO_PARAM, OBRA_SOCIAL_PARAM } from './afiliados-search-params.ts';
import { CoverageVerdict } from './coverage-verdict.tsx';

/**
 * What the search finds, as the server answers it: `registry` (whoever keeps
 * the registry, REQUIREMENTS.AFILIADOS_REGISTRY) every affiliate by document
 * or name, filtered by insurer; `coverage` (AFILIADOS.GET alone, as dentists
 * hold it) one exact document's coverage; `none` (loading affiliates without
 * reading them) no search at all.
 */
export type AfiliadosLookup = 'registry' | 'coverage' | 'none';

export interface AfiliadosListProps {
  lookup: AfiliadosLookup;
  /** AFILIADOS.CREATE: 'Importar .csv' and 'Agregar Afiliado'. */
  canCreate?: boolean;
  /** REQUIREMENTS.AFILIADOS_EDIT: each row's 'Editar' and its modal. */
  canEdit?: boolean;
  /** REQUIREMENTS.AFILIADOS_BAJA: the row's modal offers 'Dar de baja' and 'Reactivar'. */
  canDarDeBaja?: boolean;
  /** REQUIREMENTS.AFILIADOS_EXPORT: the list as a file. */
  canExport?: boolean;
  /** The insurers for the filter and the edit modal (the registry only). */
  obrasSociales?: readonly ObraSocialRef[];
  /** Every insurer's plans, for the edit modal (the registry only). */
  planes?: readonly Plan[];
  /** What other areas show in the edit modal, below the record's fields. */
  recordExtra?: (afiliado: Afiliado) => ReactNode;
  /** Other areas' work about affiliates, as links beside the list's own actions. */
  queues?: ReactNode;
}

/** The state filter's choices: both (no filter), the active ones, those de baja. */
const ESTADO_OPTIONS = [
  { value: '', label: 'Activos y de baja' },
  { value: 'activos', label: 'Activos' },
  { value: 'baja', label: 'De baja' },
];

const readEstado = (value: string | null): AfiliadoEstado | undefined =>
  AFILIADO_ESTADOS.find((estado) => estado === value);

/**
 * `/afiliados`: the registry for staff, the coverage check for dentists, the
 * way to loading affiliates for who only loads them.
 */
export function AfiliadosList({
  lookup,
  canCreate = false,
  canEdit = false,
  canDarDeBaja = false,
  canExport = false,
  obrasSociales,
  planes,
  recordExtra,
  queues,
}: AfiliadosListProps) {
  const isRegistry = lookup === 'registry';
  const isCoverageCheck = lookup === 'coverage';
  // A record opens from its row to be edited, or, for who only gives de baja, to see its state and change it.
  const opensRecord = isRegistry && (canEdit || canDarDeBaja);
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM)?.trim() ?? '';
  const obraSocialParam = isRegistry ? Number(params.get(OBRA_SOCIAL_PARAM)) : Number.NaN;
  const obraSocialId = Number.isInteger(obraSocialParam) && obraSocialParam > 0 ? obraSocialParam : undefined;
  const estado = isRegistry ? readEstado(params.get(ESTADO_PARAM)) : undefined;
  const [draft, setDraft] = useState(search);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const pagination: Pagination = { pageIndex: readPageIndex(params), pageSize };
  const [editing, setEditing] = useState<Afiliado | null>(null);

  const hasQuery = search !== '' || obraSocialId !== undefined;
  const showList = isRegistry || (isCoverageCheck && hasQuery);
  const page = useAfiliadosPage({ ...pagination, search, obraSocialId, estado }, showList);

  const apply = (next: {
    search?: string;
    obraSocialId?: number | undefined;
    estado?: AfiliadoEstado | undefined;
  }) => {
    const merged = new URLSearchParams(params);
    const nextSearch = (next.search ?? search).trim();
    if (nextSearch) merged.set(SEARCH_PARAM, nextSearch);
    else merged.delete(SEARCH_PARAM);
    const nextObraSocial = 'obraSocialId' in next ? next.obraSocialId : obraSocialId;
    if (nextObraSocial) merged.set(OBRA_SOCIAL_PARAM, String(nextObraSocial));
    else merged.delete(OBRA_SOCIAL_PARAM);
    const nextEstado = 'estado' in next ? next.estado : estado;
    if (nextEstado) merged.set(ESTADO_PARAM, nextEstado);
    else merged.delete(ESTADO_PARAM);
    // A new search or filter starts again from its first page.
    merged.delete(PAGE_PARAM);
    setParams(merged, { replace: true });
  };

  const changePagination = (next: Pagination) => {
    const merged = new URLSearchParams(params);
    if (next.pageSize !== pageSize) {
      setPageSize(next.pageSize);
      merged.delete(PAGE_PARAM);
      setParams(merged, { replace: true });
      return;
    }
    // Each page is a history entry, so Back returns to the page before.
    setParams(withPageIndex(merged, next.pageIndex));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply({ search: draft });
  };

  const columns = useMemo<Column<Afiliado>[]>(() => {
    const list: Column<Afiliado>[] = [
      {
        id: 'nombre',
        header: 'Nombre',
        cell: (a) => (
          <>
            <strong>{a.nombre}</strong>
            {a.fechaBaja && (
              <>
                {' '}
                <Badge tone="warning">De baja</Badge>
              </>
            )}
          </>
        ),
        isPrimary: true,
      },
      { id: 'tipo', header: 'Tipo', cell: (a) => a.tipoDocumento },
      { id: 'documento', header: 'Documento', cell: (a) => a.documento, isPrimary: isRegistry },
      { id: 'fecha', header: 'Fecha de Nacimiento', cell: (a) => formatDate(a.fecha_nacimiento) },
      {
        id: 'obraSocial',
        header: 'Obra Social',
        // A dentist checks coverage: it stays in sight on small screens.
        isPrimary: !isRegistry,
        cell: (a) =>
          a.obraSocial ? a.obraSocial.nombre : <span className={styles.unassigned}>No asignada</span>,
      },
      {
        id: 'plan',
        header: 'Plan',
        cell: (a) =>
          a.plan ? a.plan.nombre : <span className={styles.unassigned}>{MESSAGES.afiliados.SIN_PLAN}</span>,
      },
      {
        id: 'numeroAfiliado',
        header: 'Número de Afiliado',
        isDetail: true,
        cell: (a) => a.numeroAfiliado,
      },
      {
        id: 'fechaAlta',
        header: 'Fecha de Alta',
        isDetail: true,
        cell: (a) => (a.fechaAlta ? formatDate(a.fechaAlta) : null),
      },
    ];
    // The card's number and fecha de alta, and the registry's contact data, in each row's expansion where the record has them.
    if (isRegistry)
      list.push(
        {
          id: 'email',
          header: 'Email',
          isDetail: true,
          cell: (a) =>
            a.email ? (
              <a className={styles.contact} href={`mailto:${a.email}`}>
                {a.email}
              </a>
            ) : null,
        },
        {
          id: 'telefono',
          header: 'Teléfono',
          isDetail: true,
          cell: (a) =>
            a.telefono ? <a href={`tel:${a.telefono.replace(/[^\d+]/g, '')}`}>{a.telefono}</a> : null,
        },
      );
    if (opensRecord)
      list.push({
        id: 'editar',
        header: <span className="sr-only">{canEdit ? 'Editar' : 'Ver'}</span>,
        label: canEdit ? 'Editar' : 'Ver',
        align: 'center',
        cell: (a) => (
          <button
            type="button"
            className={listPage.iconButton}
            aria-label={canEdit ? `Editar ${a.nombre}` : `Ver a ${a.nombre}`}
            title={canEdit ? 'Editar' : 'Ver'}
            onClick={() => setEditing(a)}
          >
            {canEdit ? <PencilIcon size={18} /> : <EyeIcon size={18} />}
          </button>
        ),
      });
    return list;
  }, [isRegistry, opensRecord, canEdit]);

  // A dentist's check gets a verdict in words; an unknown document says so instead of an empty table.
  const checked = isCoverageCheck && hasQuery && page.data && !page.isFetching ? page.data : undefined;
  const isUnknownDocument = checked?.rows.length === 0;
  const verdict = isCoverageCheck && hasQuery && (
    <CoverageVerdict documento={search} afiliado={checked && (checked.rows[0] ?? null)} />
  );

  return (
    <div className={listPage.page}>
      <Panel
        className={listPage.panel}
        aria-label={lookup === 'none' ? 'Carga de afiliados' : 'Búsqueda de afiliados'}
      >
        {lookup !== 'none' && (
          <search>
            <form className={listPage.toolbar} onSubmit={onSubmit}>
              {isRegistry ? (
                <TextInput
                  label="Buscar por documento o nombre"
                  hideLabel
                  type="search"
                  placeholder="Documento o nombre"
                  icon={<SearchIcon size={18} />}
                  className={listPage.searchField}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                />
              ) : (
                <TextInput
                  label="DNI del afiliado"
                  hideLabel
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="DNI del afiliado"
                  icon={<IdCardIcon size={18} />}
                  className={listPage.searchField}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                />
              )}
              {isRegistry && (
                <Select
                  label="Filtrar por obra social"
                  hideLabel
                  className={styles.filter}
                  options={[
                    { value: '', label: 'Todas las obras sociales' },
                    ...(obrasSociales ?? []).map((o) => ({ value: o.id, label: o.nombre })),
                  ]}
                  value={obraSocialId ?? ''}
                  onChange={(event) => apply({ obraSocialId: Number(event.target.value) || undefined })}
                />
              )}
              {isRegistry && (
                <Select
                  label="Filtrar por estado"
                  hideLabel
                  className={styles.estadoFilter}
                  options={ESTADO_OPTIONS}
                  value={estado ?? ''}
                  onChange={(event) => apply({ estado: readEstado(event.target.value) })}
                />
              )}
              <Button type="submit" icon={<SearchIcon size={18} />}>
                Buscar
              </Button>
            </form>
          </search>
        )}
        {(canCreate || queues) && (
          <div className={listPage.actions}>
            {queues}
            {canCreate && (
              <>
                <Link to={PATHS.afiliadosImportCsv} className={buttonClasses({ variant: 'secondary' })}>
                  <UploadIcon size={18} />
                  Importar .csv
                </Link>
                <Link to={PATHS.afiliadosForm} className={buttonClasses({ variant: 'primary' })}>
                  <PlusIcon size={18} />
                  Agregar Afiliado
                </Link>
              </>
            )}
          </div>
        )}
      </Panel>

      {showList ? (
        <ListPanel
          title="Lista de Afiliados"
          count={page.data && formatCount(page.data.rowCount, 'afiliado', 'afiliados')}
          actions={
            canExport && (
              <ExportButton
                failure={MESSAGES.EXPORT_FAILED}
                disabled={!page.data || page.data.rowCount === 0}
                onExport={(format, onProgress) =>
                  exportAfiliados({ search, obraSocialId, estado }, format, onProgress)
                }
              />
            )
          }
        >
          {verdict}
          {isUnknownDocument ? null : (
            <DataTable
              paging="server"
              label="Afiliados"
              columns={columns}
              rows={page.data?.rows}
              rowCount={page.data?.rowCount ?? 0}
              getRowId={(a) => a.id}
              isLoading={page.isFetching}
              error={page.error}
              pagination={pagination}
              onPaginationChange={changePagination}
            />
          )}
        </ListPanel>
      ) : (
        <Panel className={`${listPage.panel} ${styles.prompt}`}>
          <IdCardIcon size={32} />
          <p>{isCoverageCheck ? MESSAGES.afiliados.SEARCH_PROMPT : MESSAGES.afiliados.LOAD_ONLY}</p>
        </Panel>
      )}

      {opensRecord && (
        <AfiliadoEditModal
          afiliado={editing}
          obrasSociales={obrasSociales}
          planes={planes}
          canEdit={canEdit}
          canDarDeBaja={canDarDeBaja}
          extra={recordExtra}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
