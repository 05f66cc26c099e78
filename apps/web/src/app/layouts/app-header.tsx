import type { ReactNode } from 'react';
import styles from './app-header.module.css';

/** The page header: the page's title, and whatever the layout adds at the end. */
export function AppHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.end}>{children}</div>}
    </header>
  );
}
