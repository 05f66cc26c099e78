import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state/index.ts';
import { AlertIcon, LockIcon } from '@/components/ui/icons/index.ts';
import { Spinner } from '@/components/ui/spinner/index.ts';
import styles from './page-status.module.css';

/** Shown while a screen or the session is being loaded. */
export function PageLoading() {
  return (
    <div className={styles.loading} role="status">
      <Spinner size={24} />
      <span>Cargando...</span>
    </div>
  );
}

/** A signed-in user on a screen their permissions do not open. */
export function Forbidden({ homePath }: { homePath: string }) {
  return (
    <EmptyState icon={<LockIcon />} title="No tiene acceso a esta sección">
      <p>Su usuario no tiene los permisos necesarios para ver esta pantalla.</p>
      <p>
        <Link to={homePath}>Volver al inicio</Link>
      </p>
    </EmptyState>
  );
}

/** A failure that keeps the screen from showing (not the API rejecting the session). */
export function PageError({ message }: { message: string }) {
  return (
    <EmptyState icon={<AlertIcon />} title="No se pudo cargar la página">
      <p>{message}</p>
    </EmptyState>
  );
}
