import { MESSAGES } from '@red-dental/contracts';
import { EmailRequestModal } from '@/components/ui/email-request-modal/index.ts';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { recoverPassword } from '../api/recover-password.ts';

/** 'Olvide mi Contraseña': asks for the e-mail that will receive the restore link. */
export function ForgotPasswordModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <EmailRequestModal
      isOpen={isOpen}
      onClose={onClose}
      title="Recuperar contraseña"
      intro="Ingrese el email de su cuenta y le enviaremos un enlace para crear una contraseña nueva."
      send={async (email) => {
        await recoverPassword({ email });
        return 'Le enviamos un email con el enlace para recuperar su contraseña.';
      }}
      // The spec's words for an address with no account; other failures keep the server's.
      describeError={(error) =>
        isApiError(error, 404) ? MESSAGES.RECOVER_UNKNOWN_EMAIL : errorMessage(error)
      }
    />
  );
}
