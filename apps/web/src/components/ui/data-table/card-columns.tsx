import { useMemo } from 'react';
import { useIsSmallScreen } from '@/lib/use-media-query.ts';
import styles from './card-columns.module.css';
import type { Column } from './data-table.tsx';

export interface CardLayout {
  /** The column that names the row (a person, a role, a device): the card's heading. */
  key: string;
  /** The column of the row's buttons: the card's last line. */
  actions?: string;
}

/**
 * The table's columns folded into one, each row a card: the key column's
 * cell, every other column as 'label: value', then the row's buttons. For
 * tables whose key and buttons do not fit a phone side by side: the whole row
 * is in sight without scrolling sideways or opening it.
 */
export function cardColumn<T>(columns: readonly Column<T>[], { key, actions }: CardLayout): Column<T> {
  const heading = columns.find((c) => c.id === key);
  const buttons = columns.find((c) => c.id === actions);
  const facts = columns.filter((c) => c !== heading && c !== buttons);
  return {
    id: key,
    header: heading?.header ?? '',
    label: heading?.label,
    isPrimary: true,
    cell: (row) => (
      <div className={styles.card}>
        {heading && <div>{heading.cell(row)}</div>}
        <Facts columns={facts} row={row} />
        {buttons && <div className={styles.actions}>{buttons.cell(row)}</div>}
      </div>
    ),
  };
}

/** The other columns by name; a detail column (`isDetail`) only where the row has it, as an opened row shows it. */
function Facts<T>({ columns, row }: { columns: readonly Column<T>[]; row: T }) {
  const facts = columns
    .map((column) => ({ column, value: column.cell(row) }))
    .filter(({ column, value }) => !column.isDetail || value != null);
  if (facts.length === 0) return null;
  return (
    <dl className={styles.facts}>
      {facts.map(({ column, value }) => (
        <div key={column.id} className={styles.fact}>
          <dt>{column.label ?? column.header}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `columns` on wider screens; below 768 px, the one column of `cardColumn`. */
export function useCardsOnSmallScreens<T>(
  columns: readonly Column<T>[],
  layout: CardLayout,
): readonly Column<T>[] {
  const isSmallScreen = useIsSmallScreen();
  const { key, actions } = layout;
  return useMemo(
    () => (isSmallScreen ? [cardColumn(columns, { key, actions })] : columns),
    [isSmallScreen, columns, key, actions],
  );
}
