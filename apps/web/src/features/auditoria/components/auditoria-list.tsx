import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  type AuditoriaFilter,
  type AuditoriaRow,
  auditDetails,
  auditoriaFilterSchema,
  DEFAULT_PAGE_SIZE,
  describeAudit,
  MESSAGES,
} from '@red-dental/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportButton } from '@/components/exports/export-button/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import {
  type Column,
  DataTable,
  type Pagination,
  useCardsOnSmallScreens,
} from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { SearchIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { formatCount, formatMomentTime } from '@/lib/format.ts';
import { PAGE_PARAM, readPageIndex, withPageIndex } from '@/lib/list-params.ts';
import listPage from '@/styles/list-page.module.css';
import { exportAuditoria } from '../api/export-auditoria.ts';
import { useAuditoriaPage } from '../api/get-auditoria.ts';
import styles from './auditoria-list.module.css';

const FILTER_KEYS = ['actor', 'accion', 'entidad', 'documento', 'desde', 'hasta'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Draft = Record<FilterKey, string>;

const EMPTY: Draft = { actor: '', accion: '', entidad: '', documento: '', desde: '', hasta: '' };

function readDraft(params: URLSearchParams): Draft {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key)?.trim() ?? ''])) as Draft;
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
      return (
        <span className={styles.stack}>
          <span>{describeAudit(r)}</span>
          {r.documento && <span className={styles.muted}>Documento {r.documento}</span>}
          {auditDetails(r).map((line) => (
            <span key={line} className={styles.muted}>
              {line}
            </span>
          ))}
        </span>
      );
    },
  },
  { id: 'direccion', header: 'Dirección IP', cell: (r) => r.address ?? '-' },
];

/**
 * `/auditoria`: who did what, to what, when and from where, filtered by
 * actor, action, entity, affiliate document and days, newest first; each
 * row's action is a sentence naming what it touched, its details lines
 * under it. The filtered rows can be exported as CSV, with `;` or `,` as the
 * other lists offer it (the export is itself recorded).
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
  // A phone has no room for the date, the person and the action side by side: each row is a card there.
  const columns = useCardsOnSmallScreens(COLUMNS, { key: 'usuario' });
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
          <ExportButton
            failure={MESSAGES.auditoria.EXPORT_FAILED}
            disabled={!page.data || page.data.rowCount === 0}
            onExport={(format, onProgress) => exportAuditoria(filter, format, onProgress)}
          />
        }
      >
        <DataTable
          paging="server"
          label="Registro de auditoría"
          columns={columns}
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
