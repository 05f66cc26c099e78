import type { DestinatarioTipo } from '@red-dental/contracts';
import { composeMailForEach } from '../../plugins/mail/mail.layout.ts';

/** Where each kind of recipient reads their notifications, and how they sign in there. */
function portalOf(destinatario: DestinatarioTipo, affiliateLoginBirthdate: boolean) {
  if (destinatario === 'profesionales')
    return { path: '/notificaciones', howToEnter: 'Para leerla, ingrese con su email y contraseña.' };
  // Affiliates have no user name nor password: the portal asks for the document (and the birth
  // date where the network turned that on). Signed out, the link opens the portal's sign-in
  // page, which goes on to the notifications.
  const birthdate = affiliateLoginBirthdate ? ' y su fecha de nacimiento' : '';
  return {
    path: '/notificaciones-afiliado',
    howToEnter: `Para leerla, ingrese con su número de documento${birthdate}.`,
  };
}

/**
 * Tells a recipient that a notification awaits them in the portal. The same
 * for everyone it goes to, so it is queued in one set-based insert: no name,
 * no title, no file and nothing about anyone's health: a mailbox is read by more than its owner.
 */
export function nuevaNotificacionMail(
  publicUrl: string,
  destinatario: DestinatarioTipo,
  affiliateLoginBirthdate: boolean,
) {
  const portal = portalOf(destinatario, affiliateLoginBirthdate);
  return composeMailForEach({
    template: 'nueva-notificacion',
    carriesSecret: false,
    subject: 'Red Dental: tiene una nueva notificación',
    paragraphs: ['Tiene una nueva notificación de Red Dental esperándolo en el portal.', portal.howToEnter],
    action: { label: 'Ir al portal', url: `${publicUrl}${portal.path}` },
  });
}
