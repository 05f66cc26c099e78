import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { notificaciones } from '../../db/schema/index.ts';

/** Arbitrary constant: the advisory lock taken while an instance claims the retention pass. */
export const RETENTION_LOCK = 720_318_002;
/** The app_settings row that says when the last pass was claimed (ISO 8601, UTC). */
export const LAST_RUN_KEY = 'retention.last_run';

/**
 * Claims the retention pass for this instance, in one short transaction: it
 * takes the advisory lock without waiting (another instance claiming right
 * now makes this one give up) and stamps the last-run time, unless a pass was
 * claimed less than `intervalSeconds` ago (`force` skips that check, never the
 * lock). The stamp is one conditional upsert, so two claims can never both
 * win. Returns whether this instance runs the pass.
 */
export async function claimPass(
  db: Db,
  options: { intervalSeconds: number; force: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`,
    );
    if (!lock?.locked) return false;
    const stamped = await queryRows<{ key: string }>(
      tx,
      sql`insert into app_settings (key, value)
          values (${LAST_RUN_KEY}, to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          on conflict (key) do update set value = excluded.value
          where ${options.force}::boolean
             or app_settings.value::timestamptz <= now() - make_interval(secs => ${options.intervalSeconds})
          returning key`,
    );
    return stamped.length > 0;
  });
}

/** Runs a `with d as (delete … returning 1)` statement and answers how many rows it deleted. */
async function countDeleted(db: DbOrTx, deletion: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with d as (${deletion}) select count(*)::int as n from d`,
  );
  return Number(row?.n ?? 0);
}

/** Mails sent more than `days` days ago. */
export function deleteSentMails(db: DbOrTx, days: number): Promise<number> {
  return countDeleted(
    db,
    sql`delete from mail_outbox
        where status = 'sent' and sent_at < now() - make_interval(days => ${days})
        returning 1`,
  );
}

/**
 * Mails given up more than `days` days ago. A mail is given up at its last
 * attempt, and its next_attempt_at then holds that moment plus the back-off
 * it would have waited (an hour at most): the nearest thing to a failure date
 * the row keeps. created_at would count the hours of retries before it.
 */
export function deleteFailedMails(db: DbOrTx, days: number): Promise<number> {
  return countDeleted(
    db,
    sql`delete from mail_outbox
        where status = 'failed' and next_attempt_at < now() - make_interval(days => ${days})
        returning 1`,
  );
}

/** Geocoder answers stored more than `hours` hours ago, which the geocoder no longer reuses. */
export function deleteStaleGeocodes(db: DbOrTx, hours: number): Promise<number> {
  return countDeleted(
    db,
    sql`delete from geocode_cache where created_at < now() - make_interval(hours => ${hours}) returning 1`,
  );
}

/**
 * Counters whose window has ended, the geocoder's slot booking among them: a
 * counter that is missing starts again just as an expired one does.
 */
export function deleteExpiredCounters(db: DbOrTx): Promise<number> {
  return countDeleted(db, sql`delete from rate_limits where expires_at < now() returning 1`);
}

/**
 * Deletes up to `limit` audit rows written more than `years` years ago, oldest
 * first (through the index on created_at), so each statement holds its locks
 * briefly. Answers how many it deleted: fewer than `limit` means none is left.
 */
export function deleteAuditBatch(db: DbOrTx, years: number, limit: number): Promise<number> {
  return countDeleted(
    db,
    sql`delete from audit_log where id in (
          select id from audit_log
          where created_at < now() - make_interval(years => ${years})
          order by created_at, id
          limit ${limit})
        returning 1`,
  );
}

/** Which of `keys` a notification points to. */
export async function referencedFileKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ fileKey: notificaciones.fileKey })
    .from(notificaciones)
    .where(inArray(notificaciones.fileKey, keys));
  return new Set(rows.map((r) => r.fileKey));
}
