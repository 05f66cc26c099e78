import { escapeHtml } from '../../lib/html.ts';
import type { QueuedMail } from './outbox.repository.ts';

const SIGNATURE = '\n\nRed Dental\nEste mensaje fue enviado automáticamente; por favor no lo responda.';

function layout(paragraphs: string[], action?: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#b91c1c;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="color:#b91c1c;font-size:20px">Red Dental</h1>${body}${button}<p style="color:#6b7280;font-size:12px">Este mensaje fue enviado automáticamente; por favor no lo responda.</p></body></html>`;
}

interface MailContent {
  template: string;
  carriesSecret: boolean;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

/**
 * A mail in the product's voice: the paragraphs, an optional button (a link
 * line in the text part), and the signature, as text and as simple HTML.
 * `template` names the mail in the outbox; `carriesSecret` says whether its
 * body holds a single-use link, to be cleared from the outbox once sent.
 */
export function composeMail(mail: MailContent & { to: string }): QueuedMail {
  return { ...composeMailForEach(mail), to: mail.to };
}

/** The same mail without an address, for one that goes alike to many (`app.mail.toEachStatement`). */
export function composeMailForEach(mail: MailContent): Omit<QueuedMail, 'to'> {
  const link = mail.action ? `\n\n${mail.action.label}: ${mail.action.url}` : '';
  return {
    template: mail.template,
    carriesSecret: mail.carriesSecret,
    subject: mail.subject,
    text: `${mail.paragraphs.join('\n\n')}${link}${SIGNATURE}`,
    html: layout(mail.paragraphs, mail.action),
  };
}
