import { readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { readMails } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, useTestApp } from '../../../test/helpers.ts';
import { freePort } from '../../../test/processes.ts';
import { startSmtp } from '../../../test/smtp-server.ts';
import { queryRows } from '../../db/client.ts';
import { smtpTransport } from './mail.client.ts';
import { composeMail } from './mail.layout.ts';
import { MailWorker } from './mail.worker.ts';
import { insertMail, type MailMessage, type QueuedMail } from './outbox.repository.ts';

/** A mail without secrets, as the tests queue it. */
function plainMail(message: MailMessage): QueuedMail {
  return { template: 'prueba', carriesSecret: false, ...message };
}

const silentLog = { warn() {}, info() {}, error() {}, debug() {}, child: () => silentLog } as never;

describe.each(BACKENDS)('mail outbox (%s)', (backend) => {
  let port: number;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;

  beforeAll(async () => {
    port = await freePort();
  });
  const t = useTestApp(backend, { env: () => ({ SMTP_URL: `smtp://127.0.0.1:${port}` }), admin: false });
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
    await t.db.execute(sql`delete from mail_outbox`);
  });

  const outbox = () =>
    queryRows<{ status: string; attempts: number; last_error: string | null }>(
      t.db,
      sql`select status, attempts, last_error from mail_outbox order by id`,
    );

  it('keeps a mail queued while SMTP is down and delivers it exactly once when it is back', async () => {
    await insertMail(t.db, plainMail({ to: 'odontologa@example.com', subject: 'Prueba', text: 'Hola' }));
    await t.app.mail.drain();
    const [failed] = await outbox();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.last_error).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtp(port);
    // The back-off would wait 10 s; make the retry due now.
    await t.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    await t.app.mail.drain();
    await t.app.mail.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toBe('odontologa@example.com');
    expect(smtp.received[0]!.raw).toContain('Subject: Prueba');
    expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
  });

  it('sends each mail once even with two workers draining the same outbox', async () => {
    smtp = await startSmtp(port);
    for (let i = 0; i < 30; i++)
      await insertMail(
        t.db,
        plainMail({ to: `afiliado${i}@example.com`, subject: `Aviso ${i}`, text: 'Novedades' }),
      );
    const a = new MailWorker(
      t.db,
      smtpTransport(`smtp://127.0.0.1:${port}`, 'Red Dental <no-responder@reddental.com.ar>'),
      silentLog,
    );
    const b = new MailWorker(
      t.db,
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
    await insertMail(t.db, plainMail({ to: 'nadie@example.com', subject: 'X', text: 'Y' }));
    await t.db.execute(sql`update mail_outbox set attempts = 11`);
    await t.app.mail.drain();
    expect(await outbox()).toMatchObject([{ status: 'failed', attempts: 12 }]);
  });

  const byRecipient = () =>
    queryRows<{ to: string; status: string; attempts: number; last_error: string | null; due: boolean }>(
      t.db,
      sql`select "to", status, attempts, last_error, next_attempt_at <= now() as due from mail_outbox order by id`,
    );

  it('sends the rest of the batch when the server refuses one recipient, and retries that one on its own', async () => {
    const recipients = Array.from({ length: 20 }, (_, i) => `afiliado${i}@example.com`);
    const refused = recipients[7]!;
    smtp = await startSmtp(port, { refuse: { rcpt: [refused] } });
    for (const to of recipients)
      await insertMail(t.db, plainMail({ to, subject: 'Aviso', text: 'Novedades' }));

    await t.app.mail.drain();
    expect(smtp.received.map((m) => m.to).sort()).toEqual(recipients.filter((to) => to !== refused).sort());
    const after = await byRecipient();
    for (const row of after.filter((r) => r.to !== refused))
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    const bounced = after.find((r) => r.to === refused)!;
    expect(bounced).toMatchObject({ status: 'pending', attempts: 1, due: false });
    expect(bounced.last_error).toMatch(/550/);

    // Its retries are its own: the others are not sent again.
    await t.db.execute(sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
    await t.app.mail.drain();
    expect((await byRecipient()).find((r) => r.to === refused)).toMatchObject({
      status: 'pending',
      attempts: 2,
    });
    await t.db.execute(
      sql`update mail_outbox set attempts = 11, next_attempt_at = now() where status = 'pending'`,
    );
    await t.app.mail.drain();
    const final = await byRecipient();
    expect(final.find((r) => r.to === refused)).toMatchObject({ status: 'failed', attempts: 12 });
    expect(final.filter((r) => r.status === 'sent' && r.attempts === 1)).toHaveLength(19);
    expect(smtp.received).toHaveLength(19);
  });

  it('goes on with the batch when the server refuses one message after DATA', async () => {
    smtp = await startSmtp(port, { refuse: { data: ['b@example.com'] } });
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com'])
      await insertMail(t.db, plainMail({ to, subject: 'Aviso', text: 'Novedades' }));
    await t.app.mail.drain();
    expect(smtp.received.map((m) => m.to)).toEqual(['a@example.com', 'c@example.com']);
    const [a, b, c] = await byRecipient();
    expect([a!.status, b!.status, c!.status]).toEqual(['sent', 'pending', 'sent']);
    expect(b).toMatchObject({ attempts: 1 });
    expect(b!.last_error).toMatch(/554/);
  });

  it('puts the batch back without counting untried mails while the server is down, and sends each once when it is up', async () => {
    const recipients = Array.from({ length: 5 }, (_, i) => `prestador${i}@example.com`);
    for (const to of recipients)
      await insertMail(t.db, plainMail({ to, subject: 'Aviso', text: 'Novedades' }));

    await t.app.mail.drain();
    const down = await byRecipient();
    expect(down[0]).toMatchObject({ status: 'pending', attempts: 1, due: false });
    expect(down[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
    for (const row of down.slice(1))
      expect(row).toMatchObject({ status: 'pending', attempts: 0, last_error: null, due: false });
    // The mail that failed comes after the untried ones next time, so it cannot hold them back for ever.
    const [order] = await queryRows<{ failed_last: boolean }>(
      t.db,
      sql`select (select next_attempt_at from mail_outbox where "to" = ${recipients[0]!})
        > (select max(next_attempt_at) from mail_outbox where "to" <> ${recipients[0]!}) as failed_last`,
    );
    expect(order?.failed_last).toBe(true);

    // Still down when the back-off ends: again only the first mail tried counts an attempt.
    await t.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    await t.app.mail.drain();
    expect((await byRecipient()).map((r) => r.attempts)).toEqual([2, 0, 0, 0, 0]);

    smtp = await startSmtp(port);
    await t.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    await t.app.mail.drain();
    await t.app.mail.drain();
    expect(smtp.received.map((m) => m.to).sort()).toEqual([...recipients].sort());
    expect(await byRecipient()).toMatchObject([
      { status: 'sent', attempts: 3, last_error: null },
      ...recipients.slice(1).map(() => ({ status: 'sent', attempts: 1, last_error: null })),
    ]);
  });

  it('treats a server that greets with a refusal as down, not as a bad mail', async () => {
    const refusing = createServer((socket) => socket.end('554 5.3.2 Servicio no disponible\r\n'));
    await new Promise<void>((resolve) => refusing.listen(port, '127.0.0.1', resolve));
    try {
      for (const to of ['x@example.com', 'y@example.com'])
        await insertMail(t.db, plainMail({ to, subject: 'Aviso', text: 'Novedades' }));
      await t.app.mail.drain();
      const [x, y] = await byRecipient();
      expect(x).toMatchObject({ status: 'pending', attempts: 1, due: false });
      expect(x!.last_error).toMatch(/greeting|554/i);
      expect(y).toMatchObject({ status: 'pending', attempts: 0, last_error: null, due: false });
    } finally {
      await new Promise((r) => refusing.close(r));
    }
  });

  it('abandons a send that outlasts its deadline and puts the batch back', async () => {
    for (const to of ['lento@example.com', 'siguiente@example.com'])
      await insertMail(t.db, plainMail({ to, subject: 'Aviso', text: 'Novedades' }));
    let aborted = false;
    // A server that never answers: the send neither resolves nor rejects on its own.
    const hanging = {
      sendTimeoutMs: 200,
      send: (_message: unknown, signal: AbortSignal) => {
        signal.addEventListener('abort', () => {
          aborted = true;
        });
        return new Promise<void>(() => {});
      },
      close() {},
    };
    const worker = new MailWorker(t.db, hanging, silentLog);
    await worker.drain();
    await worker.stop();
    expect(aborted).toBe(true);
    const [slow, next] = await byRecipient();
    expect(slow).toMatchObject({ status: 'pending', attempts: 1, due: false });
    expect(slow!.last_error).toMatch(/within 200 ms/);
    expect(next).toMatchObject({ status: 'pending', attempts: 0, last_error: null, due: false });
  });

  const rows = () => queryRows<Record<string, unknown>>(t.db, sql`select * from mail_outbox order by id`);

  it('keeps no trace of a recovery link in the outbox once the mail is sent', async () => {
    smtp = await startSmtp(port);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/recover-password',
      payload: { email: 'admin@test.reddental.com.ar' },
    });
    expect(res.statusCode).toBe(200);
    const [queued] = await rows();
    const link = String(queued!.text).match(/http:\/\/reddental\.test\/recover-password\/([\w-]{43})/);
    expect(link).not.toBeNull();
    const token = link![1]!;

    await t.app.mail.drain();
    expect(smtp.received).toHaveLength(1);
    // Quoted-printable may fold the link; the mail itself still carries it.
    expect(smtp.received[0]!.raw.replace(/=\r?\n/g, '')).toContain(token);

    const [row] = await rows();
    expect(row).toMatchObject({
      to: 'admin@test.reddental.com.ar',
      template: 'recuperar-contrasena',
      carries_secret: true,
      status: 'sent',
    });
    expect(row!.created_at).toBeTruthy();
    expect(row!.sent_at).toBeTruthy();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('recover-password');
  });

  it('clears the body of a mail with a secret once it is given up, and keeps the body of others', async () => {
    const link = 'http://reddental.test/confirmar-email/secreto-de-un-solo-uso-0123456789abcdefghijk';
    await insertMail(
      t.db,
      composeMail({
        template: 'confirmar-email',
        carriesSecret: true,
        to: 'afiliada@example.com',
        subject: 'Red Dental: confirme su email',
        paragraphs: ['Confirme su email.'],
        action: { label: 'Confirmar email', url: link },
      }),
    );
    await insertMail(
      t.db,
      plainMail({ to: 'afiliado@example.com', subject: 'Aviso', text: 'Novedades en el portal' }),
    );
    // Both addresses are refused and both mails are on their last attempt.
    smtp = await startSmtp(port, { refuse: { rcpt: ['afiliada@example.com', 'afiliado@example.com'] } });
    await t.db.execute(sql`update mail_outbox set attempts = 11`);
    await t.app.mail.drain();
    const [secret, plain] = await rows();
    expect(secret).toMatchObject({ template: 'confirmar-email', status: 'failed', text: '', html: null });
    expect(JSON.stringify(secret)).not.toContain('secreto-de-un-solo-uso');
    expect(plain).toMatchObject({ template: 'prueba', status: 'failed', text: 'Novedades en el portal' });
  });

  it('deletes sent mails older than 30 days and keeps newer, pending and failed ones', async () => {
    for (const to of [
      'viejo@example.com',
      'reciente@example.com',
      'pendiente@example.com',
      'fallido@example.com',
    ])
      await insertMail(t.db, plainMail({ to, subject: 'Aviso', text: 'Hola' }));
    await t.db.execute(sql`
      update mail_outbox set
        status = case "to" when 'pendiente@example.com' then 'pending'
                           when 'fallido@example.com' then 'failed' else 'sent' end,
        sent_at = case "to" when 'reciente@example.com' then now() - interval '29 days'
                            when 'viejo@example.com' then now() - interval '31 days' end,
        created_at = now() - interval '40 days',
        next_attempt_at = now() + interval '1 hour'`);
    // The hourly retention pass (retention.ts) purges them; run one now.
    await t.app.mail.sweep();
    const left = await queryRows<{ to: string }>(t.db, sql`select "to" from mail_outbox order by id`);
    expect(left.map((r) => r.to)).toEqual([
      'reciente@example.com',
      'pendiente@example.com',
      'fallido@example.com',
    ]);
  });
});

describe.each(BACKENDS)('mail without SMTP (%s)', (backend) => {
  const lines: string[] = [];
  const stream = { write: (line: string) => void lines.push(line) };
  const t = useTestApp(backend, { logger: { level: 'info', stream }, admin: false });
  afterEach(async () => {
    await rm(path.join(t.config.dataDir, 'mail'), { recursive: true, force: true });
    lines.length = 0;
  });

  it('writes each message as an .eml file under DATA_DIR/mail, in Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/recover-password',
      payload: { email: 'admin@test.reddental.com.ar' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.mail.drain();
    const mails = await readMails(t.config.dataDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('admin@test.reddental.com.ar');
    expect(mails[0]?.text).toMatch(/Recibimos un pedido para recuperar la contraseña/);
    expect(mails[0]?.links).toEqual([
      expect.stringMatching(/^http:\/\/reddental\.test\/recover-password\/[\w-]{43}$/),
    ]);
  });

  it('logs the links of ordinary mails, never those of a mail carrying a secret', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/recover-password',
      payload: { email: 'admin@test.reddental.com.ar' },
    });
    expect(res.statusCode).toBe(200);
    await insertMail(
      t.db,
      plainMail({
        to: 'prestador@example.com',
        subject: 'Aviso',
        text: 'Ingrese en http://reddental.test/login para verla.',
      }),
    );
    await t.app.mail.drain();
    const [recovery] = (await readMails(t.config.dataDir)).filter((m) => m.to === ADMIN.email);
    const token = recovery!.links[0]!.split('/').pop()!;
    const log = lines.join('');
    expect(log).not.toContain(token);
    expect(log).not.toContain('recover-password/');
    // The operator still learns where the mail went and which file holds it.
    expect(log).toMatch(/"to":"admin@test\.reddental\.com\.ar".*"file":"[^"]+\.eml"/);
    expect(log).toContain('"links":["http://reddental.test/login"]');
  });

  it("keeps the mail files readable by the server's user only", async () => {
    await insertMail(t.db, plainMail({ to: 'a@example.com', subject: 'Aviso', text: 'Hola' }));
    await t.app.mail.drain();
    const dir = path.join(t.config.dataDir, 'mail');
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const [file] = await readdir(dir);
    expect((await stat(path.join(dir, file!))).mode & 0o777).toBe(0o600);
  });
});
