import { SMTPServer } from 'smtp-server';

export interface SmtpOptions {
  /** Recipients refused at RCPT TO (550) and messages refused after DATA (554), by recipient. */
  refuse?: { rcpt?: string[]; data?: string[] };
  /** How long each message takes to be accepted after its data arrives, as a busy server. */
  delayMs?: number;
}

/**
 * A real SMTP server on loopback that records what it receives: the
 * recipients, the raw message and the outbox row it came from.
 */
export function startSmtp(port: number, { refuse = {}, delayMs = 0 }: SmtpOptions = {}) {
  const received: { to: string; raw: string; outboxId: string | undefined }[] = [];
  const rejection = (message: string, responseCode: number) =>
    Object.assign(new Error(message), { responseCode });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.rcpt?.includes(address.address)) return callback(rejection('5.1.1 Buzón inexistente', 550));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        if (refuse.data?.includes(to)) return callback(rejection('5.7.1 Mensaje rechazado', 554));
        setTimeout(() => {
          received.push({ to, raw, outboxId: /^X-Red-Dental-Outbox-Id: (\d+)/im.exec(raw)?.[1] });
          callback();
        }, delayMs);
      });
    },
  });
  return new Promise<{ received: typeof received; close: () => Promise<void> }>((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({ received, close: () => new Promise((r) => server.close(() => r())) }),
    );
  });
}
