import { MailedLinkOutcome } from '@/components/ui/link-outcome/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useConfirmRegistro } from '../api/confirm-registro.ts';

/** `/confirmar-registro/{token}`: the link mailed at sign-up proves the applicant's address. */
export function ConfirmRegistro({ token }: { token: string }) {
  const confirmation = useConfirmRegistro();
  return (
    <MailedLinkOutcome
      title="Confirmación de registro"
      token={token}
      confirm={confirmation.mutate}
      status={confirmation.status}
      message={confirmation.isError ? errorMessage(confirmation.error) : confirmation.data?.message}
    />
  );
}
