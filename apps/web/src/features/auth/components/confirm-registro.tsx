import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button/index.ts';
import { LinkOutcome } from '@/components/ui/link-outcome/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PATHS } from '@/lib/paths.ts';
import { useRunOnce } from '@/lib/use-run-once.ts';
import { useConfirmRegistro } from '../api/confirm-registro.ts';

/** `/confirmar-registro/{token}`: the link mailed at sign-up proves the applicant's address. */
export function ConfirmRegistro({ token }: { token: string }) {
  const confirmation = useConfirmRegistro();
  // The token is single use: a second call would report it as spent.
  useRunOnce(confirmation.mutate, token);
  return (
    <LinkOutcome
      title="Confirmación de registro"
      status={confirmation.status}
      pendingText="Confirmando su email..."
      message={confirmation.isError ? errorMessage(confirmation.error) : confirmation.data?.message}
    >
      <Link to={PATHS.login} className={buttonClasses({ size: 'full' })}>
        Ir al inicio de sesión
      </Link>
    </LinkOutcome>
  );
}
