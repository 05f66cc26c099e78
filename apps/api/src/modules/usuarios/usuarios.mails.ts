import { composeMail } from '../../plugins/mail/mail.layout.ts';

export function requestApprovedMail(to: string, nombre: string, loginUrl: string) {
  return composeMail({
    template: 'solicitud-aprobada',
    carriesSecret: false,
    to,
    subject: 'Red Dental: su solicitud fue aprobada',
    paragraphs: [
      `Hola ${nombre}:`,
      'Su solicitud de registro en Red Dental fue aprobada.',
      'Ya puede iniciar sesión con su email y contraseña y completar su perfil: datos de contacto, dirección, especialidades y horarios de atención.',
    ],
    action: { label: 'Iniciar sesión', url: loginUrl },
  });
}

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
