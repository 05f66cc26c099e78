import { TOKEN_FIN_LABELS, type TokenFin } from '@red-dental/contracts';
import { composeMail } from '../../plugins/mail/mail.layout.ts';

/** The link that enrols the phone it is opened on; sent only to the affiliate's proven e-mail. */
export function tokenEnlaceMail(to: string, link: string, horas: number) {
  return composeMail({
    template: 'activar-token',
    carriesSecret: true,
    to,
    subject: 'Red Dental: active el token en su teléfono',
    paragraphs: [
      'Pidió activar en su teléfono el token de Red Dental: el código de 6 números que el profesional le pide al atenderlo.',
      `Abra el enlace de abajo en el teléfono donde quiere ver el código, con su sesión del portal abierta. Vale por ${horas} hora${horas === 1 ? '' : 's'} y una sola vez. Si usted no lo pidió, ignore este mensaje.`,
    ],
    action: { label: 'Activar el token', url: link },
  });
}

/** Tells the proven e-mail that the token now shows on a phone, so a stranger's enrolment does not go unseen. */
export function tokenActivadoMail(to: string, dispositivo: string, portalUrl: string) {
  return composeMail({
    template: 'token-activado',
    carriesSecret: false,
    to,
    subject: 'Red Dental: se activó su token en un teléfono',
    paragraphs: [
      `Se activó el token de Red Dental en ${dispositivo}. Desde ahora el código para el consultorio se ve solo en ese teléfono.`,
      'Si no fue usted, ingrese al portal y cierre la sesión (eso desactiva el token), o comuníquese con su obra social.',
    ],
    action: { label: 'Ir al portal', url: portalUrl },
  });
}

/** Tells the address on record that the token stopped showing on a phone, and why (no health detail). */
export function tokenTerminadoMail(to: string, dispositivo: string, fin: TokenFin) {
  return composeMail({
    template: 'token-terminado',
    carriesSecret: false,
    to,
    subject: 'Red Dental: su token dejó de funcionar en un teléfono',
    paragraphs: [
      `Su token de Red Dental ya no funciona en ${dispositivo}: ${TOKEN_FIN_LABELS[fin]}.`,
      'Si no lo esperaba, ingrese al portal y actívelo de nuevo en su teléfono, o comuníquese con su obra social.',
    ],
  });
}
