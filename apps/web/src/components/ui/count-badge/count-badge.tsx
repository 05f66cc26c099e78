import styles from './count-badge.module.css';

/**
 * A small number beside a link or a button: how much work waits there ('3',
 * '99+'). Screen readers hear `words` instead ("3 solicitudes pendientes"),
 * read as part of the control's name: "Solicitudes (3 solicitudes pendientes)".
 */
export function CountBadge({
  count,
  words,
  className,
}: {
  count: number;
  words: string;
  className?: string;
}) {
  if (count <= 0) return null;
  return (
    <>
      <span className={[styles.count, className].filter(Boolean).join(' ')} aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only"> ({words})</span>
    </>
  );
}
