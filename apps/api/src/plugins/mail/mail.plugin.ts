import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../../db/client.ts';
import { fileTransport, smtpTransport } from './mail.client.ts';
import { MailWorker } from './mail.worker.ts';
import { insertMail, insertMailToEach, type QueuedMail } from './outbox.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /**
       * Queues a mail in the outbox. Pass the transaction of the change that
       * causes it (the mail exists exactly when the change does), and call
       * `wake()` once it has committed. The mail names its template and says
       * whether it carries a secret (a single-use link): such a body is
       * cleared from the outbox once the mail is sent or given up.
       */
      enqueue(db: DbOrTx, mail: QueuedMail): Promise<void>;
      /**
       * Queues the same mail to every address a query selects (its `email`
       * column) in one set-based insert, inside the change's transaction as
       * `enqueue`. Answers how many were queued.
       */
      enqueueToEach(...args: Parameters<typeof insertMailToEach>): Promise<number>;
      /** Tells the worker there is mail to send now instead of at its next poll. */
      wake(): void;
      /** Sends everything due now (tests, shutdown). */
      drain(): Promise<void>;
    };
  }
}

/**
 * The mail outbox (decision 004): queueing for the modules, and the worker
 * that sends it, started once the app is ready and stopped (finishing the
 * batch in hand) on close.
 */
export default fp(
  async (app: FastifyInstance, opts: { startWorker: boolean }) => {
    const { config } = app;
    const transport = config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom, app.log);
    const worker = new MailWorker(app.db, transport, app.log.child({ module: 'mail' }));
    app.decorate('mail', {
      enqueue: insertMail,
      enqueueToEach: insertMailToEach,
      wake: () => worker.wake(),
      drain: () => worker.drain(),
    });
    if (opts.startWorker) app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'mail', dependencies: ['db'] },
);
