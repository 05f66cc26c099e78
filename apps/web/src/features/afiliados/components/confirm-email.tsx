import { MESSAGES } from '@red-dental/contracts';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button/index.ts';
import { LinkOutcome } from '@/components/ui/link-outcome/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { PATHS } from '@/lib/paths.ts';
import { useRunOnce } from '@/lib/use-run-once.ts';
import { useConfirmAfiliadoEmail } from '../api/confirm-email.ts';

/** `/confirmar-email/{token}`: the link mailed to an affiliate's new address confirms it. */
export function ConfirmEmail({ token }: { token: string }) {
  const confirmation = useConfirmAfiliadoEmail();
  // The token is single use: a second call would report it as spent.
  useRunOnce(confirmation.mutate, token);
  return (
    <LinkOutcome
      title="Confirmación de email"
      status={confirmation.status}
      pendingText="Confirmando su email..."
      message={
        confirmation.isError
          ? errorMessage(confirmation.error)
          : confirmation.data?.message || MESSAGES.afiliados.EMAIL_CONFIRMED
      }
      errorHint="Puede pedir un enlace nuevo ingresando su email otra vez en Mi Perfil."
    >
      <Link to={PATHS.loginAfiliado} className={buttonClasses({ size: 'full' })}>
        Ir al portal de afiliados
      </Link>
    </LinkOutcome>
  );
}
