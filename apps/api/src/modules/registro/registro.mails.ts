import { composeMail } from '../../plugins/mail/mail.layout.ts';

export function registrationReceivedMail(to: string, nombre: string) {
  return composeMail({
    template: 'registro-recibido',
    carriesSecret: false,
    to,
    subject: 'Red Dental: recibimos su solicitud de registro',
    paragraphs: [
      `Hola ${nombre}:`,
      'Recibimos su solicitud de registro como profesional en Red Dental.',
      'Un administrador la revisará y le avisaremos por este medio cuando sea aprobada; a partir de ese momento podrá iniciar sesión con su email y contraseña.',
    ],
  });
}
