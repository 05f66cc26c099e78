import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { composeMail } from '../../plugins/mail/mail.layout.ts';
import { addRecoveryToken } from '../usuarios/usuarios.repository.ts';

export const RECOVERY_TOKEN_TTL_MINUTES = 60;

/**
 * Recovery mails one account may receive in an hour, whoever asks. Past it the
 * request is answered as usual but nothing is sent: the links already mailed
 * stay valid, so nobody can keep the owner from recovering the account.
 */
export const RECOVERY_MAILS_PER_HOUR = { max: 5, windowSeconds: 3600 };

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

/**
 * Adds a recovery link for the account and queues its mail, inside the caller's transaction,
 * unless the account had its mails for the hour; whether one was queued. Sent when the owner
 * asks, and when staff send one from Usuarios.
 */
export async function queueRecoveryLink(
  deps: Pick<FastifyInstance, 'config' | 'mail' | 'withinQuota'>,
  tx: DbOrTx,
  user: { id: number; email: string },
): Promise<boolean> {
  if (!(await deps.withinQuota(tx, `recover-mail:${user.id}`, RECOVERY_MAILS_PER_HOUR))) return false;
  const token = randomToken();
  await addRecoveryToken(tx, user.id, sha256(token), RECOVERY_TOKEN_TTL_MINUTES);
  await deps.mail.enqueue(
    tx,
    passwordRecoveryMail(user.email, `${deps.config.publicUrl}/recover-password/${token}`),
  );
  return true;
}
