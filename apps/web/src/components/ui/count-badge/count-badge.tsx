import styles from './count-badge.module.css';

/**
 * A small number beside a link or a button: how much work waits there ('3',
 * '99+'). Decorative: the control's own name must say the number in words.
 */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={[styles.count, className].filter(Boolean).join(' ')} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
