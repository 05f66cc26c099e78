export { type CardLayout, cardColumn, useCardsOnSmallScreens } from './card-columns.tsx';
export type {
  ClientPagedProps,
  Column,
  DataTableProps,
  Pagination,
  ServerPagedProps,
} from './data-table.tsx';
export { DataTable, totalPages } from './data-table.tsx';
