import { MESSAGES } from '@red-dental/contracts';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button/index.ts';
import { LinkOutcome } from '@/components/ui/link-outcome/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PATHS } from '@/lib/paths.ts';
import { useRunOnce } from '@/lib/use-run-once.ts';
import { useActivarToken } from '../api/activar-token.ts';

/**
 * `/activar-token/{clave}`: the link mailed to the affiliate's proven e-mail
 * enrols the phone it is opened on (with the portal's session open there).
 */
export function ActivarToken({ enlace }: { enlace: string }) {
  const activacion = useActivarToken();
  // The link is single use: a second call would report it as spent.
  useRunOnce(activacion.mutate, { enlace });
  return (
    <LinkOutcome
      title="Activar el token"
      status={activacion.status}
      pendingText="Activando el token en este teléfono..."
      message={activacion.isError ? errorMessage(activacion.error) : MESSAGES.tokenAfiliado.ACTIVADO}
      errorHint="Pida un enlace nuevo desde Mi token, en este teléfono."
    >
      <Link to={PATHS.miToken} className={buttonClasses({ size: 'full' })}>
        Ver mi token
      </Link>
    </LinkOutcome>
  );
}
