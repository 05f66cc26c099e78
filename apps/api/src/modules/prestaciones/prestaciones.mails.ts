import { formatFecha } from '@red-dental/contracts';
import { composeMail } from '../../plugins/mail/mail.layout.ts';

/**
 * After a visit is validated, the affiliate's proven e-mail is asked whether it happened. Only the
 * date: no dentist, code or tooth (a mailbox is not the phone), and the answer is given in the
 * portal, on the phone with the token.
 */
export function preguntaAtencionMail(to: string, fecha: string, url: string) {
  return composeMail({
    template: 'pregunta-atencion',
    carriesSecret: false,
    to,
    subject: 'Red Dental: ¿lo atendieron?',
    paragraphs: [
      `Un profesional de la red registró una atención a su nombre el ${formatFecha(fecha)}.`,
      '¿Lo atendieron ese día? ¿Le cobraron algo en el consultorio? Respóndalo en el portal, en "Mis prestaciones", desde el teléfono donde tiene su token: así la red evita que se facture lo que no se hizo y que se le cobre de más.',
      'Si no reconoce esta atención, dígalo en el portal: la red lo revisa.',
    ],
    action: { label: 'Responder en el portal', url },
  });
}
