import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues a mail in the outbox. Call it inside the transaction of the change
 * that causes the mail: the mail exists exactly when the change does.
 * The mail worker sends it (wake it with `app.mail.wake()` after the commit).
 */
export async function enqueueMail(db: DbOrTx, message: MailMessage) {
  await db
    .insert(mailOutbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null });
}
