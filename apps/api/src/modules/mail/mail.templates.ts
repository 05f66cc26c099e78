import type { MailMessage } from './mail.repository.ts';

const SIGNATURE = '\n\nRed Dental\nEste mensaje fue enviado automáticamente; por favor no lo responda.';

function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function layout(paragraphs: string[], action?: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#b91c1c;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="color:#b91c1c;font-size:20px">Red Dental</h1>${body}${button}<p style="color:#6b7280;font-size:12px">Este mensaje fue enviado automáticamente; por favor no lo responda.</p></body></html>`;
}

export function registrationReceivedMail(to: string, nombre: string): MailMessage {
  const lines = [
    `Hola ${nombre}:`,
    'Recibimos su solicitud de registro como profesional en Red Dental.',
    'Un administrador la revisará y le avisaremos por este medio cuando sea aprobada; a partir de ese momento podrá iniciar sesión con su email y contraseña.',
  ];
  return {
    to,
    subject: 'Red Dental: recibimos su solicitud de registro',
    text: lines.join('\n\n') + SIGNATURE,
    html: layout(lines),
  };
}

export function requestApprovedMail(to: string, nombre: string, loginUrl: string): MailMessage {
  const lines = [
    `Hola ${nombre}:`,
    'Su solicitud de registro en Red Dental fue aprobada.',
    'Ya puede iniciar sesión con su email y contraseña y completar su perfil: datos de contacto, dirección, especialidades y horarios de atención.',
  ];
  return {
    to,
    subject: 'Red Dental: su solicitud fue aprobada',
    text: `${lines.join('\n\n')}\n\nIniciar sesión: ${loginUrl}${SIGNATURE}`,
    html: layout(lines, { label: 'Iniciar sesión', url: loginUrl }),
  };
}

export function passwordRecoveryMail(to: string, link: string): MailMessage {
  const lines = [
    'Recibimos un pedido para recuperar la contraseña de su cuenta de Red Dental.',
    'El enlace vale por 1 hora y se puede usar una sola vez. Si usted no lo pidió, ignore este mensaje: su contraseña no cambia.',
  ];
  return {
    to,
    subject: 'Red Dental: recuperación de contraseña',
    text: `${lines.join('\n\n')}\n\nRecuperar contraseña: ${link}${SIGNATURE}`,
    html: layout(lines, { label: 'Recuperar contraseña', url: link }),
  };
}
