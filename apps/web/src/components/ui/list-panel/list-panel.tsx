import { type ReactNode, useId } from 'react';
import { Panel } from '../panel/index.ts';
import styles from './list-panel.module.css';

export interface ListPanelProps {
  /** The list's heading, which also names the section. */
  title: string;
  /** How many there are ('12 afiliados'), announced politely when it changes. */
  count?: ReactNode;
  /** Above the heading, for example a way back. */
  leading?: ReactNode;
  /** Beside the heading: what can be done with the list as a whole ('Nueva zona'). */
  actions?: ReactNode;
  /** The table. */
  children: ReactNode;
}

/** A list screen's card: its heading and count, then the table. */
export function ListPanel({ title, count, leading, actions, children }: ListPanelProps) {
  const headingId = useId();
  return (
    <Panel className={styles.panel} aria-labelledby={headingId}>
      {leading}
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        {/* Always there: a live region is announced only if it was already on the page, and on a
            phone, where the count goes under the heading, its line is kept while the list loads. */}
        <p className={styles.count} aria-live="polite">
          {count}
        </p>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </Panel>
  );
}
