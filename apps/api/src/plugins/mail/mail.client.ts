import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { OutboxMail } from './outbox.repository.ts';

export interface MailTransport {
  /**
   * The longest one `send` may take. The worker aborts a send that runs past
   * it, and sizes the lease of a claimed batch from it.
   */
  readonly sendTimeoutMs: number;
  send(message: Omit<OutboxMail, 'attempts'>, signal: AbortSignal): Promise<void>;
  close(): void;
}

/**
 * nodemailer's limits for each step of one SMTP exchange: opening the
 * connection, waiting for the greeting, and any silence after that.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };
/** One message over SMTP, all steps together; a slower send is aborted and counts as a connection failure. */
const SMTP_SEND_TIMEOUT_MS = 30_000;

/** SMTP through nodemailer (SMTP_URL). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    sendTimeoutMs: SMTP_SEND_TIMEOUT_MS,
    async send(message, signal) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: undefined,
        headers: { 'X-Red-Dental-Outbox-Id': String(message.id) },
        signal,
      });
    },
    close: () => transporter.close(),
  };
}

/** Error codes (nodemailer's and the system's) of a server that cannot be reached or talked to. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNECTION',
  'ESOCKET',
  'ETIMEDOUT',
  'EDNS',
  'ETLS',
  'EPROTOCOL',
  'EAUTH',
  'ENOAUTH',
  'EOAUTH2',
  'EPROXY',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * Whether a failed send says the server is unreachable or unusable right now
 * (refused or dropped connection, timeout, bad greeting, failed sign-in,
 * 421), so every other mail would fail alike; as opposed to a rejection of
 * this message or its recipient (a 4xx/5xx reply to MAIL FROM, RCPT TO or DATA).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, originalCode, responseCode } = error as {
    code?: unknown;
    originalCode?: unknown;
    responseCode?: unknown;
  };
  if (responseCode === 421) return true;
  return CONNECTION_ERROR_CODES.has(String(code)) || CONNECTION_ERROR_CODES.has(String(originalCode));
}

/**
 * Without SMTP each message becomes an .eml file under DATA_DIR/mail, which
 * only the server's user may read (the files keep the single-use links), and
 * is logged, so a local installation can still follow every mail. The links
 * of a mail that carries a secret stay out of the log: logs travel further
 * than the data directory.
 */
export function fileTransport(dir: string, from: string, log: FastifyBaseLogger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let dirChecked = false;
  return {
    sendTimeoutMs: 10_000,
    async send(message) {
      const info = await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      const created = await mkdir(dir, { recursive: true, mode: 0o700 });
      // A directory made by an earlier version may be open to others: closed once per process.
      if (!created && !dirChecked) await chmod(dir, 0o700);
      dirChecked = true;
      const file = path.join(dir, `${String(message.id).padStart(8, '0')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = message.carriesSecret ? '[oculto]' : (message.text.match(/https?:\/\/\S+/g) ?? []);
      log.info(
        { to: message.to, subject: message.subject, file, links },
        'mail written to file (SMTP_URL is not set)',
      );
    },
    close: () => transporter.close(),
  };
}
