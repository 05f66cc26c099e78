import { composeMail } from '../../plugins/mail/mail.layout.ts';

/**
 * Asks a provider to look at their directory listing: affiliates pick a
 * dentist by it, so a phone or an address that changed sends them to the
 * wrong place. The link shows the data and confirms them in one press; to
 * change something, the provider signs in to 'Mi Perfil'.
 */
export function recordatorioMail(
  to: string,
  nombre: string,
  links: { confirm: string; profile: string },
  desde: string | null,
) {
  return composeMail({
    template: 'recordatorio-datos',
    carriesSecret: true,
    to,
    subject: 'Red Dental: ¿sus datos en la cartilla siguen al día?',
    paragraphs: [
      `Hola, ${nombre}.`,
      desde
        ? `Sus datos en la cartilla de Red Dental se confirmaron por última vez el ${desde}. Los afiliados eligen a quién consultar por ellos: un teléfono, un horario o una dirección que cambió los lleva a otro lado.`
        : 'Sus datos en la cartilla de Red Dental todavía no se confirmaron. Los afiliados eligen a quién consultar por ellos: un teléfono, un horario o una dirección que cambió los lleva a otro lado.',
      'Abra el enlace de abajo para verlos y confirmarlos con un clic. Vale por 14 días y una sola vez.',
      `Si algo cambió, ingrese a Red Dental y corríjalo en Mi Perfil: ${links.profile}`,
    ],
    action: { label: 'Ver y confirmar mis datos', url: links.confirm },
  });
}
