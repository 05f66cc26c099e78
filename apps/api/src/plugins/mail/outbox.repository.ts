import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * A mail to queue: the message, the name of the mail it is (kept on the row
 * for good), and whether it carries a single-use link or any other secret,
 * in which case its body is cleared once it is sent or given up.
 */
export interface QueuedMail extends MailMessage {
  template: string;
  carriesSecret: boolean;
}

/**
 * A claimed row: the message, whether it carries a secret (nothing may copy
 * its body elsewhere, a log included), and how many attempts it has had
 * counting this one.
 */
export interface OutboxMail extends MailMessage {
  id: number;
  carriesSecret: boolean;
  attempts: number;
}

/**
 * Queues a mail. Called inside the transaction of the change that causes it,
 * so the mail exists exactly when the change does.
 */
export async function insertMail(db: DbOrTx, mail: QueuedMail): Promise<void> {
  await db.insert(mailOutbox).values({
    to: mail.to,
    template: mail.template,
    carriesSecret: mail.carriesSecret,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
  });
}

/**
 * The insert that queues one mail to each address `addresses` selects (a
 * query with an `email` column), as one set-based statement to run inside a
 * larger one (a data-modifying WITH), so the mails come from the same rows,
 * and the same snapshot, as the change that causes them.
 */
export function mailToEachInsert(mail: Omit<QueuedMail, 'to'>, addresses: SQL): SQL {
  return sql`insert into mail_outbox ("to", template, carries_secret, subject, text, html)
    select r.email, ${mail.template}, ${mail.carriesSecret}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}
    from (${addresses}) r`;
}

/** Once a mail that carries a secret is sent or given up, only its envelope stays. */
const clearedIfSecret = {
  text: sql`case when ${mailOutbox.carriesSecret} then '' else ${mailOutbox.text} end`,
  html: sql`case when ${mailOutbox.carriesSecret} then null else ${mailOutbox.html} end`,
};

/**
 * Claims up to `limit` due mails with a lease: their next attempt moves
 * `leaseSeconds` ahead and their attempt count goes up, in one statement that
 * skips rows another instance holds. A claimed mail not marked sent or
 * rescheduled before the lease ends (its process died) becomes due again.
 */
export async function claimBatch(
  db: DbOrTx,
  options: { limit: number; leaseSeconds: number },
): Promise<OutboxMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      to: mailOutbox.to,
      carriesSecret: mailOutbox.carriesSecret,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      attempts: mailOutbox.attempts,
    });
  return rows.map((r) => ({ ...r, html: r.html ?? undefined })).sort((a, b) => a.id - b.id);
}

/** The row as claimed: untouched if its lease ended and another worker claimed it again since. */
const asClaimed = (mail: Pick<OutboxMail, 'id' | 'attempts'>) =>
  and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts));

export async function markSent(db: DbOrTx, mail: Pick<OutboxMail, 'id' | 'attempts'>): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null, ...clearedIfSecret })
    .where(asClaimed(mail));
}

/** Puts a mail back with its error: due again after `delaySeconds`, or given up as failed. */
export async function reschedule(
  db: DbOrTx,
  mail: Pick<OutboxMail, 'id' | 'attempts'>,
  outcome: { error: string; delaySeconds: number; giveUp: boolean },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      lastError: outcome.error.slice(0, 500),
      status: outcome.giveUp ? 'failed' : 'pending',
      nextAttemptAt: sql`now() + make_interval(secs => ${outcome.delaySeconds})`,
      ...(outcome.giveUp ? clearedIfSecret : {}),
    })
    .where(asClaimed(mail));
}

/**
 * Puts back claimed mails that were never tried (the server could not be
 * reached): their attempt is not counted and they are due again after
 * `delaySeconds`. A row is left alone if it no longer has the attempt count
 * it was claimed with (its lease ended and another worker took it).
 */
export async function releaseUntried(
  db: DbOrTx,
  mails: Pick<OutboxMail, 'id' | 'attempts'>[],
  options: { delaySeconds: number },
): Promise<void> {
  if (mails.length === 0) return;
  const claimed = sql.join(
    mails.map((m) => sql`(${m.id}::bigint, ${m.attempts}::integer)`),
    sql`, `,
  );
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} - 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${options.delaySeconds})`,
    })
    .where(
      and(eq(mailOutbox.status, 'pending'), sql`(${mailOutbox.id}, ${mailOutbox.attempts}) in (${claimed})`),
    );
}
