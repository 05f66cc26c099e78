import { composeMail } from '../../plugins/mail/mail.layout.ts';

/**
 * The sign-up notice, with the link that proves the address. The address is
 * not verified yet, so the mail repeats nothing the applicant typed: anyone
 * could sign up with someone else's address and make us mail them their text.
 */
export function registrationConfirmationMail(to: string, link: string, validHours: number) {
  return composeMail({
    template: 'registro-confirmar-email',
    carriesSecret: true,
    to,
    subject: 'Red Dental: confirme su email para completar el registro',
    paragraphs: [
      'Recibimos una solicitud de registro como profesional en Red Dental con este email.',
      `Para confirmarlo abra el enlace de abajo (vale por ${validHours} horas y se puede usar una sola vez). Después un administrador revisará la solicitud y le avisaremos por este medio cuando sea aprobada; a partir de ese momento podrá iniciar sesión con su email y contraseña.`,
      'Si usted no pidió el registro, ignore este mensaje: sin la confirmación la solicitud no puede aprobarse.',
    ],
    action: { label: 'Confirmar email', url: link },
  });
}
