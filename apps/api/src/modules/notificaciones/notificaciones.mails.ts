import { composeMailForEach } from '../../plugins/mail/mail.layout.ts';

/**
 * Tells a recipient that a notification awaits them in the portal. The same
 * for everyone it goes to, so it is queued in one set-based insert: no name,
 * no title, no file and nothing about anyone's health (DESIGN section 3).
 */
export function nuevaNotificacionMail(portalUrl: string) {
  return composeMailForEach({
    template: 'nueva-notificacion',
    carriesSecret: false,
    subject: 'Red Dental: tiene una nueva notificación',
    paragraphs: [
      'Tiene una nueva notificación de Red Dental esperándolo en el portal.',
      'Para leerla, ingrese al portal con su usuario.',
    ],
    action: { label: 'Ir al portal', url: portalUrl },
  });
}
