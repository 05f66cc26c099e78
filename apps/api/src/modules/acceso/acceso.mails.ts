import { composeMail } from '../../plugins/mail/mail.layout.ts';

export function passwordRecoveryMail(to: string, link: string) {
  return composeMail({
    template: 'recuperar-contrasena',
    carriesSecret: true,
    to,
    subject: 'Red Dental: recuperación de contraseña',
    paragraphs: [
      'Recibimos un pedido para recuperar la contraseña de su cuenta de Red Dental.',
      'El enlace vale por 1 hora y se puede usar una sola vez. Si usted no lo pidió, ignore este mensaje: su contraseña no cambia.',
    ],
    action: { label: 'Recuperar contraseña', url: link },
  });
}

/** Tells the owner that someone who knew the password kept trying second-step codes, and what to do. */
export function codesTriedMail(to: string, miCuentaUrl: string) {
  return composeMail({
    template: 'aviso-codigos-incorrectos',
    carriesSecret: false,
    to,
    subject: 'Red Dental: intentos de ingreso a su cuenta',
    paragraphs: [
      'Alguien ingresó la contraseña de su cuenta de Red Dental y probó muchos códigos de verificación incorrectos. Por unos minutos la cuenta no acepta más códigos.',
      'Si no fue usted, quien lo hizo conoce su contraseña: cámbiela cuanto antes en Mi cuenta, "Cambiar Contraseña".',
    ],
    action: { label: 'Ir a Mi cuenta', url: miCuentaUrl },
  });
}
