import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { metrics } from '../metrics.ts';
import { isConnectionFailure, type MailTransport } from './mail.client.ts';
import { claimBatch, markSent, releaseUntried, reschedule } from './outbox.repository.ts';
import { type RetentionDeps, runRetention } from './retention.ts';

export const POLL_INTERVAL_MS = 2000;
export const MAX_ATTEMPTS = 12;
/** Mails claimed per batch; the lease below grows with it. */
const BATCH_SIZE = 10;
/** Per mail, besides its send: marking it sent or rescheduling it. */
const BOOKKEEPING_MS_PER_MAIL = 5_000;
/** For the claim itself and any delay between claiming and the first send. */
const LEASE_MARGIN_SECONDS = 30;

/**
 * A claimed row not marked sent before its lease ends (the process died)
 * becomes due again. The lease must outlast the longest a batch can take, or
 * another worker could claim and send a mail this one is still about to send:
 * every send is aborted at the transport's `sendTimeoutMs`, so a batch takes
 * at most BATCH_SIZE × (that + bookkeeping).
 */
function leaseSeconds(transport: Pick<MailTransport, 'sendTimeoutMs'>) {
  const batchMs = BATCH_SIZE * (transport.sendTimeoutMs + BOOKKEEPING_MS_PER_MAIL);
  return Math.ceil(batchMs / 1000) + LEASE_MARGIN_SECONDS;
}
/**
 * How often the loop asks for the retention pass. The claim runs it at most
 * hourly across all instances; asking more often than that keeps the gap
 * short when another instance that ran it last has gone.
 */
const RETENTION_CHECK_MS = 5 * 60_000;

/** Back-off after the n-th failure: 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelaySeconds(attempts: number) {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

/** Runs `send`, aborting it and rejecting once `ms` have passed, whether or not the transport heeds the signal. */
async function withDeadline(send: (signal: AbortSignal) => Promise<void>, ms: number): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = Object.assign(new Error(`mail not sent within ${ms} ms`), { code: 'ETIMEDOUT' });
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    await Promise.race([send(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease,
 * so under several instances each row is sent by one of them only. A mail the
 * server rejects (its recipient or its content) is retried on its own with
 * back-off, and after MAX_ATTEMPTS it is marked failed, while the rest of the
 * batch goes on. A server that cannot be reached puts the whole batch back:
 * the mail being tried counts the attempt, the ones never tried do not.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private lastRetentionCheckAt = Number.NEGATIVE_INFINITY;
  private retention: { pass: Promise<void>; abort: AbortController } | undefined;

  /**
   * With `retention` (what the sweeps need besides the database), the loop
   * also starts the retention pass (retention.ts) when it is due. Without it
   * the worker only sends.
   */
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly retentionDeps?: Omit<RetentionDeps, 'db' | 'log'>,
  ) {}

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  /** Called after a transaction that queued a mail commits. */
  wake() {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Sends everything due now; resolves when the outbox has nothing due. Used by tests and at shutdown. */
  async drain() {
    if (this.running) await this.running;
    await this.runOnce();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    // A retention pass in progress stops at its next statement.
    this.retention?.abort.abort();
    if (this.running) await this.running;
    if (this.retention) await this.retention.pass;
    this.transport.close();
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick() {
    this.startRetentionIfDue();
    await this.runOnce();
    if (this.again) {
      this.again = false;
      this.schedule(0);
    } else this.schedule(POLL_INTERVAL_MS);
  }

  private async runOnce() {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        while (!this.stopped && (await this.sendBatch()) > 0) {
          // keep going while there is work due
        }
      } catch (error) {
        this.log.warn({ err: error }, 'mail outbox pass failed; will retry');
      }
    })();
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
  }

  /**
   * Starts the retention pass beside the sending, not before it: a long
   * audit purge must not hold mails back. One pass at a time per worker.
   */
  private startRetentionIfDue() {
    if (!this.retentionDeps || this.retention || this.stopped) return;
    if (Date.now() - this.lastRetentionCheckAt < RETENTION_CHECK_MS) return;
    this.lastRetentionCheckAt = Date.now();
    const abort = new AbortController();
    const pass = runRetention(
      { db: this.db, log: this.log, ...this.retentionDeps },
      { signal: abort.signal },
    ).then(
      () => undefined,
      (error: unknown) => {
        // Sending goes on; the pass is tried again at the next check.
        this.log.warn({ err: error }, 'retention pass failed; will retry');
      },
    );
    this.retention = { pass, abort };
    void pass.finally(() => {
      this.retention = undefined;
    });
  }

  private async sendBatch(): Promise<number> {
    // The claim is one short statement; sending happens outside any transaction, so a
    // slow SMTP server never holds locks (PGlite has only one connection).
    const lease = leaseSeconds(this.transport);
    const rows = await claimBatch(this.db, { limit: BATCH_SIZE, leaseSeconds: lease });
    // A slow database can stretch the bookkeeping: never start a send that could end after the lease.
    const lastStart =
      Date.now() +
      (lease - LEASE_MARGIN_SECONDS) * 1000 -
      this.transport.sendTimeoutMs -
      BOOKKEEPING_MS_PER_MAIL;
    for (const [index, row] of rows.entries()) {
      if (Date.now() > lastStart) {
        await releaseUntried(this.db, rows.slice(index), { delaySeconds: 0 });
        this.log.warn({ putBack: rows.length - index }, 'mail batch ran long; the rest is put back');
        return 0;
      }
      let failure: unknown;
      const sending = metrics.mailSends.startTimer();
      try {
        await withDeadline((signal) => this.transport.send(row, signal), this.transport.sendTimeoutMs);
      } catch (error) {
        failure = error;
      }
      sending({ result: failure === undefined ? 'sent' : 'failed' });
      if (failure === undefined) {
        await markSent(this.db, row);
        continue;
      }
      const message = failure instanceof Error ? failure.message : String(failure);
      const delaySeconds = retryDelaySeconds(row.attempts);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      if (!isConnectionFailure(failure)) {
        await reschedule(this.db, row, { error: message, delaySeconds, giveUp });
        this.log.warn(
          { mailId: row.id, attempts: row.attempts, giveUp, err: message },
          giveUp ? 'mail rejected; given up' : 'mail rejected; will retry',
        );
        continue;
      }
      // An unreachable server would fail every mail alike: the rest of the batch waits
      // out the same back-off, without counting an attempt it never had. The mail that
      // failed waits a little longer, so a mail that always fails this way (a timeout on
      // its own) cannot stay first and hold the others back.
      await reschedule(this.db, row, { error: message, delaySeconds: delaySeconds + 1, giveUp });
      const untried = rows.slice(index + 1);
      await releaseUntried(this.db, untried, { delaySeconds });
      this.log.warn(
        { mailId: row.id, attempts: row.attempts, putBack: untried.length, err: message },
        'mail server unavailable; will retry',
      );
      return 0;
    }
    return rows.length;
  }
}
