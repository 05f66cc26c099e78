import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button/index.ts';
import { LinkOutcome } from '@/components/ui/link-outcome/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PATHS } from '@/lib/paths.ts';
import { useRunOnce } from '@/lib/use-run-once.ts';
import { useConfirmEmailCuenta } from '../api/confirm-email-cuenta.ts';

/**
 * `/confirmar-email-cuenta/{token}`: the owner of an address an administrator
 * gave the account proves it is theirs; only then may recovery links go to it.
 */
export function ConfirmEmailCuenta({ token }: { token: string }) {
  const confirmation = useConfirmEmailCuenta();
  // The token is single use: a second call would report it as spent.
  useRunOnce(confirmation.mutate, token);
  return (
    <LinkOutcome
      title="Confirmación de email"
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
