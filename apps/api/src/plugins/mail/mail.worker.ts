import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { MailTransport } from './mail.client.ts';
import { claimBatch, markSent, purgeSent, reschedule } from './outbox.repository.ts';

export const POLL_INTERVAL_MS = 2000;
export const MAX_ATTEMPTS = 12;
/** A claimed row not marked sent within this time (the process died) becomes due again. */
const LEASE_SECONDS = 300;
const BATCH_SIZE = 20;
/** Sent mails are kept this long (to answer "did it go out?"), then deleted. */
const SENT_RETENTION_DAYS = 30;
/** The purge of old sent mails runs at most this often, at the start of a pass. */
const PURGE_INTERVAL_MS = 3_600_000;

/** Back-off after the n-th failure: 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelaySeconds(attempts: number) {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease,
 * so under several instances each row is sent by one of them only; a failed
 * send is retried with back-off, and after MAX_ATTEMPTS it is marked failed.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private lastPurgeAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
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
    if (this.running) await this.running;
    this.transport.close();
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick() {
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
        await this.purgeIfDue();
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

  private async purgeIfDue() {
    if (Date.now() - this.lastPurgeAt < PURGE_INTERVAL_MS) return;
    this.lastPurgeAt = Date.now();
    try {
      const purged = await purgeSent(this.db, { olderThanDays: SENT_RETENTION_DAYS });
      if (purged > 0) this.log.info({ purged }, 'old sent mails deleted from the outbox');
    } catch (error) {
      // Sending goes on; the purge is tried again at the next interval.
      this.log.warn({ err: error }, 'purging old sent mails failed');
    }
  }

  private async sendBatch(): Promise<number> {
    // The claim is one short statement; sending happens outside any transaction, so a
    // slow SMTP server never holds locks (PGlite has only one connection).
    const rows = await claimBatch(this.db, { limit: BATCH_SIZE, leaseSeconds: LEASE_SECONDS });
    for (const [index, row] of rows.entries()) {
      try {
        await this.transport.send(row);
        await markSent(this.db, row.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.log.warn({ mailId: row.id, attempts: row.attempts, err: message }, 'mail not sent; will retry');
        // An unreachable server fails every row alike: put back the whole rest of the batch with back-off.
        for (const pending of rows.slice(index)) {
          await reschedule(this.db, pending.id, {
            error: message,
            delaySeconds: retryDelaySeconds(pending.attempts),
            giveUp: pending.attempts >= MAX_ATTEMPTS,
          });
        }
        return 0;
      }
    }
    return rows.length;
  }
}
