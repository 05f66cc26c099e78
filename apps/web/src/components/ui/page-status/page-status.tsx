import { EmptyState } from '@/components/ui/empty-state/index.ts';
import { AlertIcon } from '@/components/ui/icons/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import styles from './page-status.module.css';

/** Shown while a screen, its data or the session is being loaded. */
export function PageLoading() {
  return (
    <div className={styles.loading} role="status">
      <Spinner size={24} />
      <span>Cargando...</span>
    </div>
  );
}

/**
 * A failure that keeps the whole screen from showing (not the API rejecting the
 * session). A screen that shows around a failed part says so with an `Alert`.
 */
export function PageError({ message }: { message: string }) {
  return (
    <EmptyState icon={<AlertIcon />} title="No se pudo cargar la página">
      <p>{message}</p>
    </EmptyState>
  );
}
