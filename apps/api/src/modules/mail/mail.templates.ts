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

/** Sent to an address an affiliate entered in the portal; nothing is mailed there until it is confirmed. */
export function afiliadoEmailConfirmationMail(to: string, link: string): MailMessage {
  const lines = [
    'Se ingresó esta dirección en el portal de afiliados de Red Dental para recibir notificaciones y novedades.',
    'Para confirmarla, abra el enlace de abajo. Vale por 24 horas. Si usted no la ingresó, ignore este mensaje: no recibirá nada más.',
  ];
  return {
    to,
    subject: 'Red Dental: confirme su email',
    text: `${lines.join('\n\n')}\n\nConfirmar email: ${link}${SIGNATURE}`,
    html: layout(lines, { label: 'Confirmar email', url: link }),
  };
}

/**
 * Tells an affiliate's confirmed address that the portal's e-mail is being
 * changed or removed, since anyone who knows a document can sign in.
 */
export function afiliadoEmailChangedMail(
  to: string,
  newAddressHint: string | null,
  portalUrl: string,
): MailMessage {
  const lines = [
    newAddressHint
      ? `Se pidió cambiar el email de su cuenta del portal de afiliados de Red Dental por ${newAddressHint}. El cambio se hará cuando se confirme la nueva dirección; hasta entonces las novedades siguen llegando aquí.`
      : 'Se quitó esta dirección de su cuenta del portal de afiliados de Red Dental: ya no recibirá aquí notificaciones ni novedades.',
    'Si usted no hizo este cambio, ingrese al portal y corrija su email, o comuníquese con su obra social.',
  ];
  return {
    to,
    subject: 'Red Dental: cambio de email en el portal de afiliados',
    text: `${lines.join('\n\n')}\n\nPortal de afiliados: ${portalUrl}${SIGNATURE}`,
    html: layout(lines, { label: 'Ir al portal', url: portalUrl }),
  };
}
