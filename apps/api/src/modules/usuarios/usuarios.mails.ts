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

/** Tells an account's owner that its password changed: by them, through a recovery link, or by staff. */
export function passwordChangedMail(to: string, loginUrl: string) {
  return composeMail({
    template: 'aviso-cambio-contrasena',
    carriesSecret: false,
    to,
    subject: 'Red Dental: su contraseña fue cambiada',
    paragraphs: [
      'La contraseña de su cuenta de Red Dental acaba de cambiar, y las sesiones abiertas con la anterior se cerraron.',
      'Si fue usted, no necesita hacer nada. Si no lo fue, recupere el acceso con "Olvide mi Contraseña" en la página de inicio de sesión y avise a la red.',
    ],
    action: { label: 'Ir al inicio de sesión', url: loginUrl },
  });
}

/** Tells the address an account had that the account's e-mail is now another one. */
export function emailChangedMail(previous: string, current: string) {
  return composeMail({
    template: 'aviso-cambio-email-usuario',
    carriesSecret: false,
    to: previous,
    subject: 'Red Dental: cambió el email de su cuenta',
    paragraphs: [
      `El email de su cuenta de Red Dental cambió a ${current}. Desde ahora los avisos y los enlaces para recuperar la contraseña llegarán a esa dirección.`,
      'Si usted no pidió este cambio, comuníquese con la red cuanto antes.',
    ],
  });
}

/** Asks the owner of an address someone else gave the account to prove it is theirs. */
export function emailConfirmationMail(to: string, link: string, validHours: number) {
  return composeMail({
    template: 'confirmar-email-usuario',
    carriesSecret: true,
    to,
    subject: 'Red Dental: confirme su nueva dirección de email',
    paragraphs: [
      'Un administrador de la red cambió el email de su cuenta de Red Dental a esta dirección.',
      `Para confirmar que es suya abra el enlace de abajo (vale por ${validHours} horas y se puede usar una sola vez). Hasta entonces no recibirá en ella enlaces para recuperar la contraseña.`,
      'Si no esperaba este cambio, ignore este mensaje y comuníquese con la red.',
    ],
    action: { label: 'Confirmar mi email', url: link },
  });
}

/** Tells an applicant that the sign-up was not approved, with the staff's reason when one was given. */
export function requestRejectedMail(to: string, motivo: string | undefined) {
  return composeMail({
    template: 'solicitud-rechazada',
    carriesSecret: false,
    to,
    subject: 'Red Dental: su solicitud de registro no fue aprobada',
    paragraphs: [
      'Su solicitud de registro como profesional en Red Dental no fue aprobada.',
      ...(motivo ? [`Motivo: ${motivo}`] : []),
      'Si cree que se trata de un error, puede comunicarse con la red o registrarse nuevamente.',
    ],
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
