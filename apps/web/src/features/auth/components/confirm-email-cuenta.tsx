import { useConfirmEmailCuenta } from '../api/confirm-email-cuenta.ts';
import { MailedLinkOutcome } from './mailed-link-outcome.tsx';

/**
 * `/confirmar-email-cuenta/{token}`: the owner of an address an administrator
 * gave the account proves it is theirs; only then may recovery links go to it.
 */
export function ConfirmEmailCuenta({ token }: { token: string }) {
  return (
    <MailedLinkOutcome title="Confirmación de email" token={token} confirmation={useConfirmEmailCuenta()} />
  );
}
