import { type Afiliado, DEFAULT_PAGE_SIZE, MESSAGES, type ObraSocialRef } from '@red-dental/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExportButton } from '@/components/exports/export-button/index.ts';
import { Badge } from '@/components/ui/badge/index.ts';
import { Button, buttonClasses } from '@/components/ui/button/index.ts';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { IdCardIcon } from '@/components/ui/icons/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { PencilIcon, PlusIcon, SearchIcon, UploadIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { formatCount, formatDate } from '@/lib/format.ts';
import { PAGE_PARAM, readPageIndex, SEARCH_PARAM, withPageIndex } from '@/lib/list-params.ts';
import { PATHS } from '@/lib/paths.ts';
import listPage from '@/styles/list-page.module.css';
import { exportAfiliados, useAfiliadosPage } from '../api/get-afiliados.ts';
import { AfiliadoEditModal } from './afiliado-edit-modal.tsx';
import styles from './afiliados-list.module.css';
import { OBRA_SOCIAL_PARAM } from './afiliados-search-params.ts';
import { CoverageVerdict } from './coverage-verdict.tsx';

export interface AfiliadosListProps {
  /**
   * AFILIADOS.CREATE: staff search by document or name, filter by insurer,
   * import, add and edit. Without it (dentists) only an exact document is looked up.
   */
  canManage: boolean;
  /** The insurers for the filter and the edit modal (staff only). */
  obrasSociales?: readonly ObraSocialRef[];
  /** AFILIADOS.DELETE: the edit modal offers 'Dar de baja' and 'Reactivar'. */
  canDarDeBaja?: boolean;
}

/** `/afiliados`: the registry for staff, the coverage check for dentists. */
export function AfiliadosList({ canManage, obrasSociales, canDarDeBaja = false }: AfiliadosListProps) {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM)?.trim() ?? '';
  const obraSocialParam = canManage ? Number(params.get(OBRA_SOCIAL_PARAM)) : Number.NaN;
  const obraSocialId = Number.isInteger(obraSocialParam) && obraSocialParam > 0 ? obraSocialParam : undefined;
  const [draft, setDraft] = useState(search);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const pagination: Pagination = { pageIndex: readPageIndex(params), pageSize };
  const [editing, setEditing] = useState<Afiliado | null>(null);

  const hasQuery = search !== '' || obraSocialId !== undefined;
  const showList = canManage || hasQuery;
  const page = useAfiliadosPage({ ...pagination, search, obraSocialId }, showList);

  const apply = (next: { search?: string; obraSocialId?: number | undefined }) => {
    const merged = new URLSearchParams(params);
    const nextSearch = (next.search ?? search).trim();
    if (nextSearch) merged.set(SEARCH_PARAM, nextSearch);
    else merged.delete(SEARCH_PARAM);
    const nextObraSocial = 'obraSocialId' in next ? next.obraSocialId : obraSocialId;
    if (nextObraSocial) merged.set(OBRA_SOCIAL_PARAM, String(nextObraSocial));
    else merged.delete(OBRA_SOCIAL_PARAM);
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
      { id: 'documento', header: 'Documento', cell: (a) => a.documento, isPrimary: canManage },
      { id: 'fecha', header: 'Fecha de Nacimiento', cell: (a) => formatDate(a.fecha_nacimiento) },
      {
        id: 'obraSocial',
        header: 'Obra Social',
        // A dentist checks coverage: it stays in sight on small screens.
        isPrimary: !canManage,
        cell: (a) =>
          a.obraSocial ? a.obraSocial.nombre : <span className={styles.unassigned}>No asignada</span>,
      },
    ];
    if (canManage)
      list.push({
        id: 'editar',
        header: <span className="sr-only">Editar</span>,
        label: 'Editar',
        align: 'center',
        cell: (a) => (
          <button
            type="button"
            className={listPage.iconButton}
            aria-label={`Editar ${a.nombre}`}
            title="Editar"
            onClick={() => setEditing(a)}
          >
            <PencilIcon size={18} />
          </button>
        ),
      });
    return list;
  }, [canManage]);

  // A dentist's check gets a verdict in words; an unknown document says so instead of an empty table.
  const checked = !canManage && hasQuery && page.data && !page.isFetching ? page.data : undefined;
  const isUnknownDocument = checked?.rows.length === 0;
  const verdict = !canManage && hasQuery && (
    <CoverageVerdict documento={search} afiliado={checked && (checked.rows[0] ?? null)} />
  );

  return (
    <div className={listPage.page}>
      <Panel className={listPage.panel} aria-label="Búsqueda de afiliados">
        <search>
          <form className={listPage.toolbar} onSubmit={onSubmit}>
            {canManage ? (
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
            {canManage && (
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
            <Button type="submit" icon={<SearchIcon size={18} />}>
              Buscar
            </Button>
          </form>
        </search>
        {canManage && (
          <div className={listPage.actions}>
            <Link to={PATHS.afiliadosImportCsv} className={buttonClasses({ variant: 'secondary' })}>
              <UploadIcon size={18} />
              Importar .csv
            </Link>
            <Link to={PATHS.afiliadosForm} className={buttonClasses({ variant: 'primary' })}>
              <PlusIcon size={18} />
              Agregar Afiliado
            </Link>
          </div>
        )}
      </Panel>

      {showList ? (
        <ListPanel
          title="Lista de Afiliados"
          count={page.data && formatCount(page.data.rowCount, 'afiliado', 'afiliados')}
          actions={
            canManage && (
              <ExportButton
                failure={MESSAGES.EXPORT_FAILED}
                disabled={!page.data || page.data.rowCount === 0}
                onExport={(format, onProgress) =>
                  exportAfiliados({ search, obraSocialId }, format, onProgress)
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
          <p>{MESSAGES.afiliados.SEARCH_PROMPT}</p>
        </Panel>
      )}

      {canManage && (
        <AfiliadoEditModal
          afiliado={editing}
          obrasSociales={obrasSociales}
          canDarDeBaja={canDarDeBaja}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
