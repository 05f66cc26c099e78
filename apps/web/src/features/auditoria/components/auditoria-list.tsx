import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  type AuditoriaFilter,
  type AuditoriaRow,
  auditoriaFilterSchema,
  DEFAULT_PAGE_SIZE,
  describeAudit,
  MESSAGES,
} from '@red-dental/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable, type Pagination } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { DownloadIcon, SearchIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatMomentTime, formatNumber } from '@/lib/format.ts';
import { PAGE_PARAM, readPageIndex, withPageIndex } from '@/lib/list-params.ts';
import listPage from '@/styles/list-page.module.css';
import { exportAuditoria, useAuditoriaPage } from '../api/get-auditoria.ts';
import styles from './auditoria-list.module.css';

const FILTER_KEYS = ['actor', 'accion', 'entidad', 'documento', 'desde', 'hasta'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Draft = Record<FilterKey, string>;

const EMPTY: Draft = { actor: '', accion: '', entidad: '', documento: '', desde: '', hasta: '' };

function readDraft(params: URLSearchParams): Draft {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key)?.trim() ?? ''])) as Draft;
}

/** A line under the action: what a search looked for, whether a check found the affiliate, how big an export was. */
function detailOf(row: AuditoriaRow): string | null {
  const d = row.details ?? {};
  if (row.action === 'consult') return d.found ? 'Afiliado encontrado' : 'Sin afiliado con ese documento';
  if (row.action === 'search') {
    const shown = Array.isArray(d.ids) ? d.ids.length : 0;
    const text = typeof d.search === 'string' ? `"${d.search}"` : 'sin texto';
    return `Búsqueda ${text}: ${formatCount(shown, 'afiliado mostrado', 'afiliados mostrados')}`;
  }
  if (row.action === 'export' && typeof d.filas === 'number')
    return `${formatCount(d.filas, 'fila', 'filas')}${d.completa === false ? ' (interrumpida)' : ''}`;
  if (row.action === 'import' && typeof d.count === 'number')
    return formatCount(d.count, 'fila importada', 'filas importadas');
  return null;
}

const COLUMNS: readonly Column<AuditoriaRow>[] = [
  { id: 'fecha', header: 'Fecha', isPrimary: true, cell: (r) => formatMomentTime(r.createdAt) },
  {
    id: 'usuario',
    header: 'Usuario',
    isPrimary: true,
    cell: (r) => (
      <span className={styles.stack}>
        <strong>{r.actorNombre ?? r.actorEmail}</strong>
        {r.actorNombre && <span className={styles.muted}>{r.actorEmail}</span>}
        {r.actorRol && <span className={styles.muted}>{r.actorRol}</span>}
      </span>
    ),
  },
  {
    id: 'accion',
    header: 'Acción',
    cell: (r) => {
      const detail = detailOf(r);
      return (
        <span className={styles.stack}>
          <span>{describeAudit(r)}</span>
          {r.documento && <span className={styles.muted}>Documento {r.documento}</span>}
          {detail && <span className={styles.muted}>{detail}</span>}
        </span>
      );
    },
  },
  { id: 'direccion', header: 'Dirección IP', cell: (r) => r.address ?? '-' },
];

/**
 * `/auditoria`: who did what, to what, when and from where, filtered by
 * actor, action, entity, affiliate document and days, newest first; the
 * filtered rows can be exported as CSV (the export is itself recorded).
 */
export function AuditoriaList() {
  const [params, setParams] = useSearchParams();
  const applied = readDraft(params);
  const [draft, setDraft] = useState<Draft>(applied);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const pagination: Pagination = { pageIndex: readPageIndex(params), pageSize };
  const parsed = auditoriaFilterSchema.safeParse(applied);
  const filter: AuditoriaFilter = parsed.success ? parsed.data : {};
  const page = useAuditoriaPage({ ...pagination, ...filter });
  const [exporting, setExporting] = useState<{ bytes: number } | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FilterKey, string>>>({});

  const set = (key: FilterKey) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const apply = (next: Draft) => {
    const check = auditoriaFilterSchema.safeParse(next);
    if (!check.success) {
      setFieldErrors(
        Object.fromEntries(check.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setFieldErrors({});
    const merged = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key].trim()) merged.set(key, next[key].trim());
    merged.delete(PAGE_PARAM);
    setParams(merged, { replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  const clear = () => {
    setDraft(EMPTY);
    apply(EMPTY);
  };

  const changePagination = (next: Pagination) => {
    if (next.pageSize !== pageSize) {
      setPageSize(next.pageSize);
      setParams(withPageIndex(params, 0), { replace: true });
    } else setParams(withPageIndex(params, next.pageIndex));
  };

  const onExport = async () => {
    setExportError(null);
    setExporting({ bytes: 0 });
    try {
      await exportAuditoria(filter, { onProgress: (bytes) => setExporting({ bytes }) });
    } catch (error) {
      setExportError(errorMessage(error) || MESSAGES.auditoria.EXPORT_FAILED);
    } finally {
      setExporting(null);
    }
  };

  const actionOptions = useMemo(
    () => [
      { value: '', label: 'Todas las acciones' },
      ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] })),
    ],
    [],
  );
  const entityOptions = useMemo(
    () => [
      { value: '', label: 'Todas' },
      ...AUDIT_ENTITIES.map((e) => ({ value: e, label: AUDIT_ENTITY_LABELS[e] })),
    ],
    [],
  );

  return (
    <div className={listPage.page}>
      <Panel className={listPage.panel} aria-label="Filtros de auditoría">
        <form className={styles.filters} onSubmit={onSubmit} noValidate>
          <TextInput
            label="Usuario"
            hint="Parte del nombre o del email"
            value={draft.actor}
            onChange={(e) => set('actor')(e.target.value)}
          />
          <Select
            label="Acción"
            options={actionOptions}
            value={draft.accion}
            onChange={(e) => set('accion')(e.target.value)}
          />
          <Select
            label="Sobre"
            options={entityOptions}
            value={draft.entidad}
            onChange={(e) => set('entidad')(e.target.value)}
          />
          <TextInput
            label="Documento del afiliado"
            inputMode="text"
            value={draft.documento}
            onChange={(e) => set('documento')(e.target.value)}
          />
          <TextInput
            label="Desde"
            type="date"
            value={draft.desde}
            error={fieldErrors.desde}
            onChange={(e) => set('desde')(e.target.value)}
          />
          <TextInput
            label="Hasta"
            type="date"
            value={draft.hasta}
            error={fieldErrors.hasta}
            onChange={(e) => set('hasta')(e.target.value)}
          />
          <div className={styles.buttons}>
            <Button type="submit" icon={<SearchIcon size={18} />}>
              Buscar
            </Button>
            <Button variant="secondary" onClick={clear}>
              Limpiar
            </Button>
          </div>
        </form>
      </Panel>

      <ListPanel
        title="Auditoría"
        count={page.data && formatCount(page.data.rowCount, 'registro', 'registros')}
        actions={
          <Button
            variant="secondary"
            icon={<DownloadIcon size={18} />}
            isLoading={exporting !== null}
            onClick={onExport}
            disabled={!page.data || page.data.rowCount === 0}
          >
            {exporting ? `Exportando… ${formatNumber(exporting.bytes / 1_048_576, 1)} MB` : 'Exportar CSV'}
          </Button>
        }
      >
        <Alert>{exportError}</Alert>
        <DataTable
          paging="server"
          label="Registro de auditoría"
          columns={COLUMNS}
          rows={page.data?.rows}
          rowCount={page.data?.rowCount ?? 0}
          getRowId={(r) => r.id}
          isLoading={page.isFetching}
          error={page.error}
          pagination={pagination}
          onPaginationChange={changePagination}
        />
      </ListPanel>
    </div>
  );
}
