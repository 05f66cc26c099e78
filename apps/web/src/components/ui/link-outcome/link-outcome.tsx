import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon } from '../icons/index.ts';
import { Spinner } from '../spinner/index.ts';
import styles from './link-outcome.module.css';

export interface LinkOutcomeProps {
  title: string;
  /** What opening the mailed link did: not yet asked, still checking, done, or refused. */
  status: 'idle' | 'pending' | 'success' | 'error';
  /** Shown while checking. */
  pendingText: string;
  /** The outcome's message (the server's words). */
  message?: string;
  /** A line under a refusal saying how to get a new link. */
  errorHint?: ReactNode;
  /** Where to go next, usually a link styled as a button. */
  children: ReactNode;
}

/** The page a single-use link mailed to someone opens: checking, then what came of it. */
export function LinkOutcome({ title, status, pendingText, message, errorHint, children }: LinkOutcomeProps) {
  return (
    <div className={styles.box}>
      <h2 className={styles.title}>{title}</h2>
      {status === 'success' ? (
        <div className={styles.result} role="status">
          <span className={`${styles.icon} ${styles.ok}`}>
            <CheckCircleIcon size={28} />
          </span>
          <p>{message}</p>
        </div>
      ) : status === 'error' ? (
        <div className={styles.result} role="alert">
          <span className={`${styles.icon} ${styles.bad}`}>
            <AlertIcon size={28} />
          </span>
          <p>{message}</p>
          {errorHint && <p className={styles.muted}>{errorHint}</p>}
        </div>
      ) : (
        <p className={styles.checking} role="status">
          <Spinner size={20} /> {pendingText}
        </p>
      )}
      {children}
    </div>
  );
}
