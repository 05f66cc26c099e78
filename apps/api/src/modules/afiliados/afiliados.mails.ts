import { composeMail } from '../../plugins/mail/mail.layout.ts';

/** Sent to an address entered for an affiliate (by them in the portal, or by staff); nothing is mailed there until it is confirmed. */
export function afiliadoEmailConfirmationMail(to: string, link: string) {
  return composeMail({
    template: 'confirmar-email',
    carriesSecret: true,
    to,
    subject: 'Red Dental: confirme su email',
    paragraphs: [
      'Se registró esta dirección en el portal de afiliados de Red Dental para recibir notificaciones y novedades.',
      'Para confirmarla, abra el enlace de abajo. Vale por 24 horas. Si usted no la ingresó, ignore este mensaje: no recibirá nada más.',
    ],
    action: { label: 'Confirmar email', url: link },
  });
}

/**
 * Tells an affiliate's confirmed address that the portal's e-mail is being
 * changed or removed, since anyone who knows a document can sign in.
 */
export function afiliadoEmailChangedMail(to: string, newAddressHint: string | null, portalUrl: string) {
  return composeMail({
    template: 'aviso-cambio-email',
    carriesSecret: false,
    to,
    subject: 'Red Dental: cambio de email en el portal de afiliados',
    paragraphs: [
      newAddressHint
        ? `Se pidió cambiar el email de su cuenta del portal de afiliados de Red Dental por ${newAddressHint}. El cambio se hará cuando se confirme la nueva dirección; hasta entonces las novedades siguen llegando aquí.`
        : 'Se quitó esta dirección de su cuenta del portal de afiliados de Red Dental: ya no recibirá aquí notificaciones ni novedades.',
      'Si usted no hizo este cambio, ingrese al portal y corrija su email, o comuníquese con su obra social.',
    ],
    action: { label: 'Ir al portal', url: portalUrl },
  });
}
