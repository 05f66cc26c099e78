import { composeMail } from '../../plugins/mail/mail.layout.ts';

/**
 * The sign-up notice. The address is not verified yet, so the mail repeats
 * nothing the applicant typed: anyone could sign up with someone else's
 * address and make us mail them their text.
 */
export function registrationReceivedMail(to: string) {
  return composeMail({
    template: 'registro-recibido',
    carriesSecret: false,
    to,
    subject: 'Red Dental: recibimos su solicitud de registro',
    paragraphs: [
      'Recibimos su solicitud de registro como profesional en Red Dental.',
      'Un administrador la revisará y le avisaremos por este medio cuando sea aprobada; a partir de ese momento podrá iniciar sesión con su email y contraseña.',
    ],
  });
}
