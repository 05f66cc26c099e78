import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isValidKey } from '../storage/file-storage.ts';
import type { FileStorage } from '../storage/index.ts';
import * as repo from './retention.repository.ts';

/** One pass an hour for the whole deployment (the claim's stamp enforces it across instances). */
export const RETENTION_INTERVAL_MS = 3_600_000;
/**
 * The geocoder reuses an answer for 24 hours (modules/geocoding, CACHE_HOURS,
 * which a plugin may not import): older rows are only dead weight.
 */
const GEOCODE_CACHE_HOURS = 24;
/** Where notification PDFs are stored (`notificaciones/<year>/<month>/<uuid>.pdf`). */
const NOTIFICATION_FILES_PREFIX = 'notificaciones/';
/**
 * A notification's file is stored before the transaction that records it
 * commits, so a file no notification points to may belong to a send still in
 * progress; only one this old is surely left over from a send that died.
 */
const ORPHAN_MIN_AGE_MS = 24 * 3_600_000;
/** Keys looked up in the database at once. */
const FILE_KEYS_PER_QUERY = 500;
const AUDIT_BATCH_SIZE = 5000;
/** Between audit batches, so other writers and the mail sender get their turn. */
const BATCH_PAUSE_MS = 200;

export interface RetentionDeps {
  db: Db;
  storage: FileStorage;
  settings: Config['retention'];
  log: FastifyBaseLogger;
}

export interface RetentionOptions {
  /** Run even if a pass ran within the interval (tests, by hand); the lock is still taken. */
  force?: boolean;
  /** Audit rows deleted per statement. */
  auditBatchSize?: number;
  /** Pause between audit batches. */
  batchPauseMs?: number;
  /** Ends the pass early (at shutdown), between statements. */
  signal?: AbortSignal;
}

/** What one pass removed, by kind. */
export interface RetentionCounts {
  outboxSent: number;
  outboxFailed: number;
  geocodeCache: number;
  rateLimits: number;
  orphanFiles: number;
  auditLog: number;
  /** Statements the audit purge took. */
  auditBatches: number;
}

export type RetentionReport =
  | { ran: false }
  | { ran: true; removed: RetentionCounts; failed: (keyof RetentionCounts)[] };

/**
 * One retention pass: old sent and failed mails, stale geocoder answers,
 * expired rate-limit counters, stored notification files no notification
 * points to, and audit rows past their years. Runs only when this instance
 * claims it (at most once per RETENTION_INTERVAL_MS across every instance
 * sharing the database, unless forced). Each kind is swept on its own: one
 * that fails is logged as a warning and the others go on. A failing claim
 * rejects.
 */
export async function runRetention(
  deps: RetentionDeps,
  options: RetentionOptions = {},
): Promise<RetentionReport> {
  const claimed = await repo.claimPass(deps.db, {
    intervalSeconds: RETENTION_INTERVAL_MS / 1000,
    force: options.force ?? false,
  });
  if (!claimed) {
    deps.log.debug('retention pass skipped: another instance holds it or ran it recently');
    return { ran: false };
  }
  const { db, settings } = deps;
  const removed: RetentionCounts = {
    outboxSent: 0,
    outboxFailed: 0,
    geocodeCache: 0,
    rateLimits: 0,
    orphanFiles: 0,
    auditLog: 0,
    auditBatches: 0,
  };
  const failed: (keyof RetentionCounts)[] = [];
  const sweeps: [keyof RetentionCounts, () => Promise<number>][] = [
    ['outboxSent', () => repo.deleteSentMails(db, settings.outboxSentDays)],
    ['outboxFailed', () => repo.deleteFailedMails(db, settings.outboxFailedDays)],
    ['geocodeCache', () => repo.deleteStaleGeocodes(db, GEOCODE_CACHE_HOURS)],
    ['rateLimits', () => repo.deleteExpiredCounters(db)],
    ['orphanFiles', () => removeOrphanFiles(deps, options.signal)],
    [
      'auditLog',
      () =>
        purgeAudit(deps, {
          batchSize: options.auditBatchSize ?? AUDIT_BATCH_SIZE,
          pauseMs: options.batchPauseMs ?? BATCH_PAUSE_MS,
          signal: options.signal,
          onBatch: () => removed.auditBatches++,
        }),
    ],
  ];
  for (const [kind, sweep] of sweeps) {
    if (options.signal?.aborted) break;
    try {
      removed[kind] = await sweep();
    } catch (error) {
      failed.push(kind);
      deps.log.warn({ err: error, kind }, 'retention sweep failed; it is tried again at the next pass');
    }
  }
  deps.log.info({ removed, ...(failed.length > 0 ? { failed } : {}) }, 'retention pass done');
  return { ran: true, removed, failed };
}

/**
 * Deletes the audit rows past AUDIT_RETENTION_YEARS a batch at a time, with a
 * pause between batches, so the table is never locked for long.
 */
async function purgeAudit(
  deps: RetentionDeps,
  options: { batchSize: number; pauseMs: number; signal: AbortSignal | undefined; onBatch: () => void },
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await repo.deleteAuditBatch(deps.db, deps.settings.auditYears, options.batchSize);
    options.onBatch();
    total += deleted;
    if (deleted < options.batchSize || options.signal?.aborted) return total;
    await sleep(options.pauseMs);
  }
}

/**
 * Removes the stored notification PDFs that no notification points to and
 * that were last written more than ORPHAN_MIN_AGE_MS ago: what a send that
 * died between storing its file and committing left behind, or a deleted
 * notification's file that could not be removed then. A younger file may
 * belong to a send in progress and is kept. Keys are checked against the
 * database in groups, as the listing goes.
 */
async function removeOrphanFiles(deps: RetentionDeps, signal: AbortSignal | undefined): Promise<number> {
  const cutoff = Date.now() - ORPHAN_MIN_AGE_MS;
  let removed = 0;
  let candidates: string[] = [];
  const removeUnreferenced = async () => {
    const referenced = await repo.referencedFileKeys(deps.db, candidates);
    for (const key of candidates) {
      if (referenced.has(key) || signal?.aborted) continue;
      await deps.storage.remove(key);
      removed++;
    }
    candidates = [];
  };
  for await (const entry of deps.storage.list(NOTIFICATION_FILES_PREFIX)) {
    if (signal?.aborted) break;
    // A key no notification could have (an object put there by other means) is left alone.
    if (entry.lastModified.getTime() >= cutoff || !isValidKey(entry.key)) continue;
    candidates.push(entry.key);
    if (candidates.length >= FILE_KEYS_PER_QUERY) await removeUnreferenced();
  }
  await removeUnreferenced();
  return removed;
}
