import { MailedLinkOutcome } from '@/components/ui/link-outcome/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useConfirmEmailCuenta } from '../api/confirm-email-cuenta.ts';

/**
 * `/confirmar-email-cuenta/{token}`: the owner of an address an administrator
 * gave the account proves it is theirs; only then may recovery links go to it.
 */
export function ConfirmEmailCuenta({ token }: { token: string }) {
  const confirmation = useConfirmEmailCuenta();
  return (
    <MailedLinkOutcome
      title="Confirmación de email"
      token={token}
      confirm={confirmation.mutate}
      status={confirmation.status}
      message={confirmation.isError ? errorMessage(confirmation.error) : confirmation.data?.message}
    />
  );
}
