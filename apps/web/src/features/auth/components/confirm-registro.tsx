import { useConfirmRegistro } from '../api/confirm-registro.ts';
import { MailedLinkOutcome } from './mailed-link-outcome.tsx';

/** `/confirmar-registro/{token}`: the link mailed at sign-up proves the applicant's address. */
export function ConfirmRegistro({ token }: { token: string }) {
  return (
    <MailedLinkOutcome title="Confirmación de registro" token={token} confirmation={useConfirmRegistro()} />
  );
}
