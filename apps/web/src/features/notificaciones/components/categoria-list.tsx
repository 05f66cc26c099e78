import type { UnreadCounts } from '@red-dental/contracts';
import { formatNumber } from '@/lib/format.ts';
import styles from './notificaciones.module.css';

export interface CategoriaListProps {
  categorias: readonly string[];
  /** The category shown; undefined for 'Todas'. */
  chosen: string | undefined;
  /** Unread notifications per category; staff, who are not recipients, have none. */
  counts: UnreadCounts | undefined;
  onChoose: (categoria: string | undefined) => void;
}

/** The spec's left list: 'Todas' and each category, with its unread count as a badge. */
export function CategoriaList({ categorias, chosen, counts, onChoose }: CategoriaListProps) {
  const total = Object.values(counts ?? {}).reduce((sum, n) => sum + n, 0);
  const items: { value: string | undefined; label: string; unread: number }[] = [
    { value: undefined, label: 'Todas', unread: total },
    ...categorias.map((c) => ({ value: c, label: c, unread: counts?.[c] ?? 0 })),
  ];
  return (
    <nav className={styles.categories} aria-label="Categorías">
      <ul>
        {items.map((item) => {
          const isChosen = item.value === chosen;
          return (
            <li key={item.label}>
              <button
                type="button"
                className={styles.category}
                aria-current={isChosen ? 'true' : undefined}
                onClick={() => onChoose(item.value)}
              >
                <span>{item.label}</span>{' '}
                {item.unread > 0 && (
                  <span className={styles.badge}>
                    {formatNumber(item.unread)} <span className="sr-only">sin leer</span>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
