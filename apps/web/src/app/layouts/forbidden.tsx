import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state/index.ts';
import { LockIcon } from '@/components/ui/screen-icons/index.ts';

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
