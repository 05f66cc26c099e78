import styles from './spinner.module.css';

/** A small rotating ring; decorative, the caller says what is loading. */
export function Spinner({ size = 16 }: { size?: number }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}
