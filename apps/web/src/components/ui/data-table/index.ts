export type {
  ClientPagedProps,
  Column,
  DataTableProps,
  Pagination,
  ServerPagedProps,
} from './data-table.tsx';
export { DataTable, totalPages } from './data-table.tsx';
