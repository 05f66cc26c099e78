import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client.ts';

/** Mails waiting to go out and mails given up on, as the outbox holds them now. */
export async function outboxCounts(db: DbOrTx): Promise<{ pending: number; failed: number }> {
  const [row] = await queryRows<{ pending: number; failed: number }>(
    db,
    sql`select count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'failed')::int as failed
          from mail_outbox where status in ('pending', 'failed')`,
  );
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}
