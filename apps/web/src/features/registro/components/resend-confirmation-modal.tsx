import { EmailRequestModal } from '@/components/ui/email-request-modal/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { resendConfirmation } from '../api/resend-confirmation.ts';

/** 'Reenviar email de confirmación': a new link for a sign-up whose address is not confirmed yet. */
export function ResendConfirmationModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <EmailRequestModal
      isOpen={isOpen}
      onClose={onClose}
      title="Reenviar email de confirmación"
      intro="Ingrese el email con el que se registró y le enviaremos un nuevo enlace para confirmarlo."
      send={async (email) => (await resendConfirmation({ email })).message}
      describeError={errorMessage}
    />
  );
}
