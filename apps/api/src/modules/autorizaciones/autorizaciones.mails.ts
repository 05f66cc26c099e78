import { ESTADO_AUTORIZACION_LABELS, type EstadoAutorizacion } from '@red-dental/contracts';
import { composeMail } from '../../plugins/mail/mail.layout.ts';

/**
 * Tells the requesting dentist that her request changed: decided, or observed. The affiliate's
 * name is hers to know (her patient); no tooth, code or what the auditor wrote: that is read in the
 * request.
 */
export function autorizacionCambioMail(
  to: string,
  a: { numero: string; estado: EstadoAutorizacion; paciente: string },
  url: string,
) {
  const paragraphs =
    a.estado === 'observada'
      ? [
          `El auditor observó la autorización ${a.numero} de ${a.paciente}: pide un dato o un archivo más.`,
          'Lea el pedido y respóndale desde la autorización (un mensaje o un archivo): la revisión sigue cuando responde.',
        ]
      : [
          `La autorización ${a.numero} de ${a.paciente} quedó ${ESTADO_AUTORIZACION_LABELS[a.estado].toLowerCase()}.`,
          'El detalle, el motivo y el vencimiento están en la autorización.',
        ];
  return composeMail({
    template: 'autorizacion-cambio',
    carriesSecret: false,
    to,
    subject: `Red Dental: autorización ${a.numero} ${ESTADO_AUTORIZACION_LABELS[a.estado].toLowerCase()}`,
    paragraphs,
    action: { label: 'Ver la autorización', url },
  });
}
