import { readMails } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { freePort } from '../../../test/processes.ts';
import { queryRows } from '../../db/client.ts';
import { smtpTransport } from './mail.client.ts';
import { MailWorker } from './mail.worker.ts';
import { insertMail } from './outbox.repository.ts';

/** A real SMTP server on loopback that records what it receives. */
function startSmtp(port: number) {
  const received: { to: string; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  return new Promise<{ received: typeof received; close: () => Promise<void> }>((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({ received, close: () => new Promise((r) => server.close(() => r())) }),
    );
  });
}

const silentLog = { warn() {}, info() {}, error() {}, debug() {}, child: () => silentLog } as never;

describe.each(BACKENDS)('mail outbox (%s)', (backend) => {
  let ctx: TestContext;
  let port: number;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;

  beforeAll(async () => {
    port = await freePort();
    ctx = await createTestApp(backend, { SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
    await ctx.database.db.execute(sql`delete from mail_outbox`);
  });
  afterAll(() => ctx.close());

  const outbox = () =>
    queryRows<{ status: string; attempts: number; last_error: string | null }>(
      ctx.database.db,
      sql`select status, attempts, last_error from mail_outbox order by id`,
    );

  it('keeps a mail queued while SMTP is down and delivers it exactly once when it is back', async () => {
    await insertMail(ctx.database.db, { to: 'odontologa@example.com', subject: 'Prueba', text: 'Hola' });
    await ctx.app.mail.drain();
    const [failed] = await outbox();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.last_error).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtp(port);
    // The back-off would wait 10 s; make the retry due now.
    await ctx.database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    await ctx.app.mail.drain();
    await ctx.app.mail.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toBe('odontologa@example.com');
    expect(smtp.received[0]!.raw).toContain('Subject: Prueba');
    expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
  });

  it('sends each mail once even with two workers draining the same outbox', async () => {
    smtp = await startSmtp(port);
    for (let i = 0; i < 30; i++)
      await insertMail(ctx.database.db, {
        to: `afiliado${i}@example.com`,
        subject: `Aviso ${i}`,
        text: 'Novedades',
      });
    const a = new MailWorker(
      ctx.database.db,
      smtpTransport(`smtp://127.0.0.1:${port}`, 'Red Dental <no-responder@reddental.com.ar>'),
      silentLog,
    );
    const b = new MailWorker(
      ctx.database.db,
      smtpTransport(`smtp://127.0.0.1:${port}`, 'Red Dental <no-responder@reddental.com.ar>'),
      silentLog,
    );
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    await Promise.all([a.stop(), b.stop()]);
    const recipients = smtp.received.map((m) => m.to).sort();
    expect(recipients).toHaveLength(30);
    expect(new Set(recipients).size).toBe(30);
    expect((await outbox()).every((row) => row.status === 'sent')).toBe(true);
  });

  it('gives up on a mail after repeated failures instead of retrying forever', async () => {
    await insertMail(ctx.database.db, { to: 'nadie@example.com', subject: 'X', text: 'Y' });
    await ctx.database.db.execute(sql`update mail_outbox set attempts = 11`);
    await ctx.app.mail.drain();
    expect(await outbox()).toMatchObject([{ status: 'failed', attempts: 12 }]);
  });
});

describe('mail without SMTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(() => ctx.close());

  it('writes each message as an .eml file under DATA_DIR/mail, in Spanish', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/recover-password',
      payload: { email: 'admin@test.reddental.com.ar' },
    });
    expect(res.statusCode).toBe(200);
    await ctx.app.mail.drain();
    const mails = await readMails(ctx.config.dataDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('admin@test.reddental.com.ar');
    expect(mails[0]?.text).toMatch(/Recibimos un pedido para recuperar la contraseña/);
    expect(mails[0]?.links).toEqual([
      expect.stringMatching(/^http:\/\/reddental\.test\/recover-password\/[\w-]{43}$/),
    ]);
  });
});
