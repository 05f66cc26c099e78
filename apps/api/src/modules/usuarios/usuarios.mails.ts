import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { composeMail } from '../../plugins/mail/mail.layout.ts';
import { replaceEmailToken } from './usuarios.repository.ts';

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

/** How long the link confirming an address changed by someone else works. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 72;

/**
 * Queues a fresh link proving the account's (changed) address, inside the caller's transaction;
 * an earlier one stops working. Sent when staff change an account's address, and again when its
 * owner asks to recover a password at an address not proven yet.
 */
export async function queueEmailConfirmation(
  deps: Pick<FastifyInstance, 'config' | 'mail'>,
  tx: DbOrTx,
  user: { id: number; email: string },
) {
  const token = randomToken();
  await replaceEmailToken(tx, user.id, sha256(token), EMAIL_CONFIRMATION_TTL_HOURS);
  await deps.mail.enqueue(
    tx,
    emailConfirmationMail(
      user.email,
      `${deps.config.publicUrl}/confirmar-email-cuenta/${token}`,
      EMAIL_CONFIRMATION_TTL_HOURS,
    ),
  );
}
