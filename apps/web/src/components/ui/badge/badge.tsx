import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'success' | 'warning' | 'error' | 'neutral';

/** A short state beside a record ('Activo', 'Sin confirmar'): its words say it, the colour only helps. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
