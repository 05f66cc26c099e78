import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailMessage } from './outbox.repository.ts';

export interface MailTransport {
  send(message: MailMessage & { id: number }): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer (SMTP_URL). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: undefined,
        headers: { 'X-Red-Dental-Outbox-Id': String(message.id) },
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP each message becomes an .eml file under DATA_DIR/mail and its
 * links are logged, so a local installation can still follow every mail.
 */
export function fileTransport(dir: string, from: string, log: FastifyBaseLogger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${String(message.id).padStart(8, '0')}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { to: message.to, subject: message.subject, file, links },
        'mail written to file (SMTP_URL is not set)',
      );
    },
    close: () => transporter.close(),
  };
}
