import { DEFAULT_PAGE_SIZE, MESSAGES, PAGE_SIZES } from '@red-dental/contracts';
import {
  Fragment,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useId,
  useMemo,
  useState,
} from 'react';
import { formatNumber } from '@/lib/format.ts';
import { useIsSmallScreen } from '@/lib/use-media-query.ts';
import { Button } from '../button/index.ts';
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from '../screen-icons/index.ts';
import styles from './data-table.module.css';

export interface Column<T> {
  id: string;
  header: ReactNode;
  /** The column's name where `header` is not plain text (icon columns), for the expanded row. */
  label?: string;
  cell: (row: T) => ReactNode;
  /** Kept visible in the collapsed row on small screens; without any, the first column is. */
  isPrimary?: boolean;
  /**
   * Shown only when the row is expanded, on any screen, and only for rows where `cell` gives
   * something (not null or undefined): data beside the table's own columns, such as contact data.
   */
  isDetail?: boolean;
  align?: 'start' | 'center' | 'end';
}

export interface Pagination {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
}

interface CommonProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  getRowId: (row: T) => string | number;
  /** Names the table for assistive technology. */
  label: string;
  isLoading?: boolean;
  /** A failed load: shown as 'Error: {message}', without retry. */
  error?: unknown;
  onRowClick?: (row: T) => void;
  /** Extra class for a row, for example bold unread notifications. */
  getRowClassName?: (row: T) => string | undefined;
}

export interface ServerPagedProps<T> extends CommonProps<T> {
  /** The server pages the rows: `rows` is the current page, `rowCount` the total. */
  paging: 'server';
  rowCount: number;
  pagination: Pagination;
  onPaginationChange: (next: Pagination) => void;
}

export interface ClientPagedProps<T> extends CommonProps<T> {
  /** `rows` holds every row and the table slices the pages. */
  paging: 'client';
  initialPageSize?: number;
}

export type DataTableProps<T> = ServerPagedProps<T> | ClientPagedProps<T>;

export function totalPages(rowCount: number, pageSize: number): number {
  return Math.ceil(rowCount / pageSize);
}

/** The accessible name of the button that shows a row's hidden columns on small screens. */
export const EXPAND_LABEL = 'Ver todas las columnas';
/** Its name on wider screens, where every column is in sight and a row expands only for its details. */
export const DETAILS_LABEL = 'Ver más datos';
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]';

/**
 * The generic paginated table of the spec: loading, error and empty states,
 * clickable rows, page size and page controls; on small screens each row
 * shows its main columns and expands to show them all.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, getRowId, label, isLoading, error, onRowClick, getRowClassName } = props;
  const isSmallScreen = useIsSmallScreen();
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(new Set());
  const detailsIdPrefix = useId();

  const [clientPagination, setClientPagination] = useState<Pagination>({
    pageIndex: 0,
    pageSize: props.paging === 'client' ? (props.initialPageSize ?? DEFAULT_PAGE_SIZE) : 0,
  });
  const pagination = props.paging === 'server' ? props.pagination : clientPagination;
  const setPagination = props.paging === 'server' ? props.onPaginationChange : setClientPagination;
  const rowCount = props.paging === 'server' ? props.rowCount : (rows?.length ?? 0);
  const pageCount = totalPages(rowCount, pagination.pageSize);
  // A client-paged list that shrank (a filter, a deletion) never leaves the table past its last page.
  const pageIndex =
    props.paging === 'client'
      ? Math.min(pagination.pageIndex, Math.max(pageCount - 1, 0))
      : pagination.pageIndex;

  const pageRows = useMemo(() => {
    if (!rows) return [];
    if (props.paging === 'server') return rows;
    const start = pageIndex * pagination.pageSize;
    return rows.slice(start, start + pagination.pageSize);
  }, [rows, props.paging, pageIndex, pagination.pageSize]);

  const tableColumns = useMemo(() => columns.filter((c) => !c.isDetail), [columns]);
  const primaryColumns = useMemo(() => {
    const marked = tableColumns.filter((c) => c.isPrimary);
    return marked.length > 0 ? marked : tableColumns.slice(0, 1);
  }, [tableColumns]);
  const visibleColumns = isSmallScreen ? primaryColumns : tableColumns;
  const isExpandable = visibleColumns.length < columns.length;
  const columnCount = visibleColumns.length + (isExpandable ? 1 : 0);
  /** What a row's expansion lists: every column on small screens, else those the table does not show; details only where they hold something. */
  const detailsOf = (row: T) =>
    (isSmallScreen ? columns : columns.filter((c) => c.isDetail))
      .map((column) => ({ column, value: column.cell(row) }))
      .filter(({ column, value }) => !column.isDetail || value != null);
  /** A row expands when its expansion would show something the row does not. */
  const canExpand = (row: T) =>
    isExpandable &&
    ((isSmallScreen && primaryColumns.length < tableColumns.length) ||
      detailsOf(row).some(({ column }) => column.isDetail));

  const toggleRow = (id: string | number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // A tap on a row that expands shows or hides what it holds beyond its columns; elsewhere it is the row's action.
  const activate = (row: T, expands: boolean, event: MouseEvent | KeyboardEvent) => {
    const target = event.target as HTMLElement;
    // Controls inside a row (edit icons, checkboxes) keep their own meaning.
    if (target !== event.currentTarget && target.closest(INTERACTIVE)) return;
    if (expands) toggleRow(getRowId(row));
    else onRowClick?.(row);
  };

  let status: ReactNode = null;
  if (error) status = `Error: ${error instanceof Error ? error.message : MESSAGES.UNEXPECTED}`;
  else if (isLoading && pageRows.length === 0) status = 'Cargando...';
  else if (!isLoading && pageRows.length === 0) status = 'No hay datos disponibles';

  return (
    <div className={styles.wrapper}>
      <div className={styles.scroller}>
        <table className={styles.table} aria-label={label} aria-busy={isLoading || undefined}>
          <thead>
            <tr>
              {visibleColumns.map((column) => (
                <th key={column.id} scope="col" className={styles[column.align ?? 'start']}>
                  {column.header}
                </th>
              ))}
              {isExpandable && (
                <th scope="col" className={`${styles.toggleCell} ${styles.end}`}>
                  <span className="sr-only">Detalle</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {status !== null ? (
              <tr>
                <td colSpan={columnCount} className={error ? styles.errorState : styles.state}>
                  {status}
                </td>
              </tr>
            ) : (
              pageRows.map((row) => {
                const id = getRowId(row);
                const expands = canExpand(row);
                const isExpanded = expands && expanded.has(id);
                const detailsId = `${detailsIdPrefix}-${id}`;
                const isRowInteractive = expands || onRowClick !== undefined;
                /** Rows that act on their own (no expansion): focusable, activated with Enter or Space. */
                const isClickableRow = !expands && onRowClick !== undefined;
                const rowClass = [isRowInteractive && styles.clickable, getRowClassName?.(row)]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <Fragment key={id}>
                    <tr
                      className={rowClass || undefined}
                      onClick={isRowInteractive ? (event) => activate(row, expands, event) : undefined}
                      onKeyDown={
                        isClickableRow
                          ? (event) => {
                              if (event.key === 'Enter' || event.key === ' ') {
                                if (event.target === event.currentTarget) event.preventDefault();
                                activate(row, expands, event);
                              }
                            }
                          : undefined
                      }
                      tabIndex={isClickableRow ? 0 : undefined}
                    >
                      {visibleColumns.map((column) => (
                        <td key={column.id} className={styles[column.align ?? 'start']}>
                          {column.cell(row)}
                        </td>
                      ))}
                      {isExpandable && (
                        <td className={`${styles.toggleCell} ${styles.end}`}>
                          {/* A tap anywhere on the row opens it too; the button is what keyboards and screen readers use. */}
                          {expands && (
                            <button
                              type="button"
                              className={styles.toggleButton}
                              aria-label={isSmallScreen ? EXPAND_LABEL : DETAILS_LABEL}
                              aria-expanded={isExpanded}
                              aria-controls={isExpanded ? detailsId : undefined}
                              onClick={() => toggleRow(id)}
                            >
                              <ChevronDownIcon
                                className={`${styles.toggle} ${isExpanded ? styles.rotated : ''}`}
                              />
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                    {isExpanded && (
                      <tr className={styles.detailsRow}>
                        <td colSpan={columnCount} id={detailsId}>
                          <dl className={styles.details}>
                            {detailsOf(row).map(({ column, value }) => (
                              <div key={column.id} className={styles.detailsItem}>
                                <dt>{column.label ?? column.header}</dt>
                                <dd>{value}</dd>
                              </div>
                            ))}
                          </dl>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>

      <div className={styles.footer}>
        <PageSizeSelect
          value={pagination.pageSize}
          onChange={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
        />
        <p className={styles.pageInfo} aria-live="polite">
          Página {formatNumber(pageIndex + 1)} de {formatNumber(Math.max(pageCount, 1))}
        </p>
        <div className={styles.pager}>
          <Button
            variant="secondary"
            size="sm"
            icon={<ChevronLeftIcon size={16} />}
            disabled={pageIndex <= 0}
            onClick={() => setPagination({ ...pagination, pageIndex: pageIndex - 1 })}
          >
            Anterior
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={pageIndex + 1 >= pageCount}
            onClick={() => setPagination({ ...pagination, pageIndex: pageIndex + 1 })}
          >
            Siguiente
            <ChevronRightIcon size={16} />
          </Button>
        </div>
      </div>
    </div>
  );
}

function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const id = useId();
  return (
    <div className={styles.pageSize}>
      <label htmlFor={id}>Filas por página</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
