import { useId } from 'react';
import { formatNumber } from '@/lib/format.ts';
import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  label: string;
  /** From 0 to 1. */
  value: number;
}

/** A labelled native progress bar with its percentage in words. */
export function ProgressBar({ label, value }: ProgressBarProps) {
  const id = useId();
  const percent = Math.round(Math.min(Math.max(value, 0), 1) * 100);
  return (
    <div className={styles.wrapper}>
      <div className={styles.legend}>
        <label htmlFor={id}>{label}</label>
        <span aria-hidden="true">{formatNumber(percent)} %</span>
      </div>
      <progress id={id} className={styles.bar} max={100} value={percent}>
        {formatNumber(percent)} %
      </progress>
    </div>
  );
}
