import { MESSAGES } from '@red-dental/contracts';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state/index.ts';
import { AlertIcon } from '@/components/ui/icons/index.ts';
import { PATHS } from '@/lib/paths.ts';
import styles from './route-error.module.css';

/**
 * The last line of defence: a screen that threw. A failed lazy chunk (a new
 * version was deployed meanwhile) is the usual cause, so reloading is offered.
 */
export function RouteError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className={styles.page}>
      <EmptyState icon={<AlertIcon />} title="Algo salió mal">
        <p>{MESSAGES.UNEXPECTED}</p>
        <p className={styles.actions}>
          <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
            Recargar la página
          </button>
          <Link to={PATHS.login}>Ir al inicio de sesión</Link>
        </p>
      </EmptyState>
    </main>
  );
}
