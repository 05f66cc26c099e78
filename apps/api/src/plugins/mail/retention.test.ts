import { randomUUID } from 'node:crypto';
import { access, mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKENDS, type TestContext, testConfig, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { StorageUnavailableError } from '../storage/index.ts';
import { MailWorker } from './mail.worker.ts';
import { LAST_RUN_KEY, RETENTION_LOCK } from './retention.repository.ts';
import { type RetentionDeps, runRetention } from './retention.ts';

const silentLog = { warn() {}, info() {}, error() {}, debug() {}, child: () => silentLog } as never;
const PDF = { contentType: 'application/pdf' };
const DAY_MS = 24 * 3_600_000;

const exec = (ctx: TestContext, query: SQL) => ctx.database.db.execute(query);
const depsOf = (ctx: TestContext, overrides: Partial<RetentionDeps> = {}): RetentionDeps => ({
  db: ctx.database.db,
  storage: ctx.app.storage,
  settings: ctx.config.retention,
  log: silentLog,
  ...overrides,
});

/** Queues a mail row with the given state and dates (SQL expressions relative to now()). */
async function insertMail(
  ctx: TestContext,
  to: string,
  state: { status: string; createdAt: string; sentAt?: string; nextAttemptAt?: string },
) {
  await exec(
    ctx,
    sql`insert into mail_outbox ("to", template, subject, text, status, created_at, sent_at, next_attempt_at)
        values (${to}, 'prueba', 'Aviso', 'Hola', ${state.status},
                now() - ${state.createdAt}::interval,
                now() - ${state.sentAt ?? null}::interval,
                now() - ${state.nextAttemptAt ?? state.createdAt}::interval)`,
  );
}

const mailsLeft = async (ctx: TestContext) =>
  (await queryRows<{ to: string }>(ctx.database.db, sql`select "to" from mail_outbox order by id`)).map(
    (r) => r.to,
  );

/** A notification that points to `fileKey`, as a committed send leaves it. */
async function insertNotification(ctx: TestContext, fileKey: string) {
  await exec(
    ctx,
    sql`insert into notificaciones (title, category, recipient_type, file_key, file_name, file_size)
        values ('Circular', 'General', 'profesionales', ${fileKey}, 'circular.pdf', 4)`,
  );
}

const notificationKey = (label: string) => `notificaciones/2020/01/${label}-${randomUUID()}.pdf`;
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe.each(BACKENDS)('retention pass (%s)', (backend) => {
  afterAll(() => rm(t.config.dataDir, { recursive: true, force: true }));
  const t = useTestApp(backend, { admin: false });
  beforeEach(async () => {
    await exec(t, sql`delete from mail_outbox`);
    await exec(t, sql`delete from app_settings where key = ${LAST_RUN_KEY}`);
  });

  /** Sets a stored file's modification time on disk `days` days back. */
  const ageFile = (key: string, days: number) => {
    const when = new Date(Date.now() - days * DAY_MS);
    return utimes(path.join(t.config.dataDir, 'files', key), when, when);
  };

  it('deletes mails sent over 30 days ago and given up over 90 days ago, never a pending one', async () => {
    await insertMail(t, 'enviado-31', { status: 'sent', createdAt: '31 days', sentAt: '31 days' });
    // Queued long ago but sent recently: the sending date counts.
    await insertMail(t, 'enviado-29', { status: 'sent', createdAt: '40 days', sentAt: '29 days' });
    await insertMail(t, 'fallido-91', { status: 'failed', createdAt: '92 days', nextAttemptAt: '91 days' });
    // Queued 100 days ago, given up 89 days ago: the day it was given up counts.
    await insertMail(t, 'fallido-89', {
      status: 'failed',
      createdAt: '100 days',
      nextAttemptAt: '89 days',
    });
    await insertMail(t, 'pendiente', {
      status: 'pending',
      createdAt: '400 days',
      nextAttemptAt: '-1 hour',
    });

    const report = await t.app.mail.sweep();
    expect(report).toMatchObject({ ran: true, removed: { outboxSent: 1, outboxFailed: 1 }, failed: [] });
    expect(await mailsLeft(t)).toEqual(['enviado-29', 'fallido-89', 'pendiente']);

    // The periods are the configured ones.
    const shorter = { ...t.config.retention, outboxSentDays: 28, outboxFailedDays: 88 };
    await runRetention(depsOf(t, { settings: shorter }), { force: true });
    expect(await mailsLeft(t)).toEqual(['pendiente']);
  });

  it('purges audit rows past the configured years in batches and keeps younger ones', async () => {
    const action = `retencion-${randomUUID()}`;
    const insertAudit = (count: number, age: string) =>
      exec(
        t,
        sql`insert into audit_log (actor_label, action, entity, created_at)
            select 'admin@test', ${action}, 'prueba', now() - ${age}::interval from generate_series(1, ${count})`,
      );
    await insertAudit(7, '5 years 1 day');
    await insertAudit(2, '5 years -1 day');
    await insertAudit(1, '0 days');

    const report = await runRetention(depsOf(t), { force: true, auditBatchSize: 3, batchPauseMs: 0 });
    // 3 + 3 + 1: the last batch, shorter than the size, ends the purge.
    expect(report).toMatchObject({ ran: true, removed: { auditLog: 7, auditBatches: 3 } });
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = ${action}`,
    );
    expect(Number(left!.n)).toBe(3);
  });

  it('deletes stale geocoder answers and expired counters, keeping fresh ones', async () => {
    await exec(
      t,
      sql`insert into geocode_cache (query, results, created_at) values
            ('calle vieja 1', '[]', now() - interval '25 hours'),
            ('calle nueva 2', '[]', now() - interval '23 hours')`,
    );
    await exec(
      t,
      sql`insert into rate_limits (key, count, window_start, expires_at) values
            ('geocoder:slots', 1, now() - interval '1 minute', now() - interval '1 second'),
            ('login:vencido', 3, now() - interval '20 minutes', now() - interval '5 minutes'),
            ('login:vigente', 3, now(), now() + interval '1 hour')`,
    );

    const report = await t.app.mail.sweep();
    expect(report).toMatchObject({ ran: true, removed: { geocodeCache: 1, rateLimits: 2 } });
    const cached = await queryRows<{ query: string }>(t.db, sql`select query from geocode_cache`);
    expect(cached.map((r) => r.query)).toEqual(['calle nueva 2']);
    const counters = await queryRows<{ key: string }>(t.db, sql`select key from rate_limits`);
    expect(counters.map((r) => r.key)).toEqual(['login:vigente']);
  });

  it('removes a notification file nothing points to once a day old, and keeps every other file', async () => {
    const oldOrphan = notificationKey('huerfano-viejo');
    const oldReferenced = notificationKey('enviado');
    const youngOrphan = notificationKey('envio-en-curso');
    const elsewhere = `otros/${randomUUID()}.pdf`;
    for (const key of [oldOrphan, oldReferenced, youngOrphan, elsewhere])
      await t.app.storage.put(key, Buffer.from('%PDF'), PDF);
    await insertNotification(t, oldReferenced);
    await ageFile(oldOrphan, 2);
    await ageFile(oldReferenced, 400);
    await ageFile(youngOrphan, 0.9);
    await ageFile(elsewhere, 400);

    const report = await t.app.mail.sweep();
    expect(report).toMatchObject({ ran: true, removed: { orphanFiles: 1 }, failed: [] });
    expect(await t.app.storage.get(oldOrphan)).toBeUndefined();
    // Its content type goes with it.
    expect(await exists(path.join(t.config.dataDir, 'files/.meta', oldOrphan))).toBe(false);
    for (const kept of [oldReferenced, youngOrphan, elsewhere]) {
      const file = await t.app.storage.get(kept);
      expect(file, kept).toBeDefined();
      file!.body.destroy();
    }
  });

  it('runs once per interval: a pass within the hour does nothing until forced', async () => {
    expect(await runRetention(depsOf(t))).toMatchObject({ ran: true });
    await insertMail(t, 'enviado-31', { status: 'sent', createdAt: '31 days', sentAt: '31 days' });

    expect(await runRetention(depsOf(t))).toEqual({ ran: false });
    expect(await mailsLeft(t)).toEqual(['enviado-31']);
    expect(await runRetention(depsOf(t), { force: true })).toMatchObject({ removed: { outboxSent: 1 } });
  });

  it('runs one of two passes started together', async () => {
    const reports = await Promise.all([runRetention(depsOf(t)), runRetention(depsOf(t))]);
    expect(reports.filter((r) => r.ran)).toHaveLength(1);
  });

  it.skipIf(backend === 'pglite')(
    'does nothing, even forced, while another instance holds the claim',
    async () => {
      await insertMail(t, 'enviado-31', { status: 'sent', createdAt: '31 days', sentAt: '31 days' });
      // Another connection holds the claim's lock, as an instance in the middle of its claim does.
      const report = await t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK})`);
        return runRetention(depsOf(t), { force: true });
      });
      expect(report).toEqual({ ran: false });
      expect(await mailsLeft(t)).toEqual(['enviado-31']);
    },
  );

  it('logs a failing sweep as a warning and still runs the others', async () => {
    await insertMail(t, 'enviado-31', { status: 'sent', createdAt: '31 days', sentAt: '31 days' });
    const warnings: unknown[] = [];
    const infos: unknown[] = [];
    const log = {
      ...(silentLog as object),
      warn: (entry: unknown) => warnings.push(entry),
      info: (entry: unknown) => infos.push(entry),
    } as never;
    const storage = {
      ...t.app.storage,
      // biome-ignore lint/correctness/useYield: a listing that fails before its first entry
      list: async function* () {
        throw new StorageUnavailableError(new Error('connect ECONNREFUSED'));
      },
    };

    const report = await runRetention(depsOf(t, { storage, log }), { force: true });
    expect(report).toMatchObject({ ran: true, failed: ['orphanFiles'], removed: { outboxSent: 1 } });
    expect(warnings).toEqual([expect.objectContaining({ kind: 'orphanFiles' })]);
    expect(infos).toEqual([
      expect.objectContaining({
        removed: expect.objectContaining({ outboxSent: 1 }),
        failed: ['orphanFiles'],
      }),
    ]);
  });

  it('is run by the mail worker loop beside the sending', async () => {
    await insertMail(t, 'enviado-31', { status: 'sent', createdAt: '31 days', sentAt: '31 days' });
    await insertMail(t, 'pendiente', { status: 'pending', createdAt: '1 minute' });
    const sent: string[] = [];
    const transport = {
      sendTimeoutMs: 5_000,
      send: async (mail: { to: string }) => void sent.push(mail.to),
      close() {},
    };
    const worker = new MailWorker(t.db, transport, silentLog, {
      storage: t.app.storage,
      settings: t.config.retention,
    });
    worker.start();
    try {
      await vi.waitFor(async () => expect(await mailsLeft(t)).toEqual(['pendiente']), { timeout: 5_000 });
      await vi.waitFor(() => expect(sent).toEqual(['pendiente']), { timeout: 5_000 });
    } finally {
      await worker.stop();
    }
  });
});

describe('retention settings', () => {
  it('keeps audit rows 5 years, sent mails 30 days and failed ones 90 by default', () => {
    expect(testConfig().retention).toEqual({ auditYears: 5, outboxSentDays: 30, outboxFailedDays: 90 });
  });

  it('reads them from the environment and refuses a period that is not a whole number of at least 1', () => {
    const config = testConfig({
      AUDIT_RETENTION_YEARS: '10',
      OUTBOX_SENT_RETENTION_DAYS: '7',
      OUTBOX_FAILED_RETENTION_DAYS: '180',
    });
    expect(config.retention).toEqual({ auditYears: 10, outboxSentDays: 7, outboxFailedDays: 180 });
    expect(() => testConfig({ AUDIT_RETENTION_YEARS: '0' })).toThrow(
      /AUDIT_RETENTION_YEARS debe ser 1 o más/,
    );
    expect(() => testConfig({ OUTBOX_SENT_RETENTION_DAYS: '1.5' })).toThrow(/OUTBOX_SENT_RETENTION_DAYS/);
    expect(() => testConfig({ OUTBOX_FAILED_RETENTION_DAYS: 'noventa' })).toThrow(
      /OUTBOX_FAILED_RETENTION_DAYS debe ser un número/,
    );
  });
});

/** S3 at loopback whose object files the test can reach, to set their LastModified. */
describe('retention pass on S3 storage', () => {
  const bucket = 'red-dental-retencion';
  let directory: string;
  let server: S3rver;
  let port: number;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'red-dental-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    ({ port } = await server.run());
  });
  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
    await rm(t.config.dataDir, { recursive: true, force: true });
  });
  const t = useTestApp('pglite', {
    admin: false,
    env: () => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
  });

  /** s3rver answers an object's LastModified from the modification time of its file. */
  const ageObject = (key: string, days: number) => {
    const when = new Date(Date.now() - days * DAY_MS);
    return utimes(path.join(directory, bucket, `${key}._S3rver_object`), when, when);
  };

  it('removes an old object nothing points to, and keeps a referenced one and a young one', async () => {
    const oldOrphan = notificationKey('huerfano-viejo');
    const oldReferenced = notificationKey('enviado');
    const youngOrphan = notificationKey('envio-en-curso');
    for (const key of [oldOrphan, oldReferenced, youngOrphan])
      await t.app.storage.put(key, Buffer.from('%PDF'), PDF);
    await insertNotification(t, oldReferenced);
    await ageObject(oldOrphan, 2);
    await ageObject(oldReferenced, 400);
    await ageObject(youngOrphan, 0.9);

    const listed = [];
    for await (const entry of t.app.storage.list('notificaciones/')) listed.push(entry);
    expect(listed.find((e) => e.key === oldOrphan)!.lastModified.getTime()).toBeLessThan(Date.now() - DAY_MS);

    const report = await t.app.mail.sweep();
    expect(report).toMatchObject({ ran: true, removed: { orphanFiles: 1 }, failed: [] });
    expect(await t.app.storage.get(oldOrphan)).toBeUndefined();
    for (const kept of [oldReferenced, youngOrphan]) {
      const file = await t.app.storage.get(kept);
      expect(file, kept).toBeDefined();
      file!.body.destroy();
    }
  });
});
