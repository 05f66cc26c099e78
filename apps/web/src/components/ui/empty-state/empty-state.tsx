import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  /** A small label above the title, for example a status. */
  badge?: ReactNode;
  children?: ReactNode;
  /** Heading level of the title inside the page. */
  headingLevel?: 2 | 3;
}

/** A calm panel for "nothing here (yet)": an icon, a title and a few words. */
export function EmptyState({ icon, title, badge, children, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.panel}>
      {icon && <div className={styles.icon}>{icon}</div>}
      {badge && <p className={styles.badge}>{badge}</p>}
      <Heading className={styles.title}>{title}</Heading>
      {children && <div className={styles.body}>{children}</div>}
    </section>
  );
}
