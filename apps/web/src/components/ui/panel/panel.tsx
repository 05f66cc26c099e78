import type { ComponentProps } from 'react';
import styles from './panel.module.css';

/** A section of a screen drawn as a card; `className` adds the screen's own layout. */
export function Panel({ className, ...props }: ComponentProps<'section'>) {
  return <section className={className ? `${styles.panel} ${className}` : styles.panel} {...props} />;
}
