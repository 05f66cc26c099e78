import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../../db/client.ts';
import { fileTransport, smtpTransport } from './mail.client.ts';
import { MailWorker } from './mail.worker.ts';
import { insertMail, mailToEachInsert, type QueuedMail } from './outbox.repository.ts';
import { type RetentionOptions, type RetentionReport, runRetention } from './retention.ts';

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
       * The statement that queues the same mail to every address a query
       * selects (its `email` column), for a repository to run inside the
       * statement of the change that causes it (a data-modifying WITH), so
       * the mails come from the same rows and the same snapshot.
       */
      toEachStatement(...args: Parameters<typeof mailToEachInsert>): ReturnType<typeof mailToEachInsert>;
      /** Tells the worker there is mail to send now instead of at its next poll. */
      wake(): void;
      /** Sends everything due now (tests, shutdown). */
      drain(): Promise<void>;
      /**
       * Runs one retention pass now (retention.ts), whenever the last one
       * ran; it still needs the claim's lock, so it does nothing while
       * another instance is claiming one.
       */
      sweep(options?: Omit<RetentionOptions, 'force'>): Promise<RetentionReport>;
    };
  }
}

/**
 * The mail outbox (decision 004): queueing for the modules, and the worker
 * that sends it, started once the app is ready and stopped (finishing the
 * batch in hand) on close. The worker's loop also runs the hourly retention
 * pass (retention.ts); an app whose worker is not started (tests) runs it
 * only through `sweep()`.
 */
export default fp(
  async (app: FastifyInstance, opts: { startWorker: boolean }) => {
    const { config } = app;
    const transport = config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom, app.log);
    const log = app.log.child({ module: 'mail' });
    const retention = { storage: app.storage, settings: config.retention };
    const worker = new MailWorker(app.db, transport, log, opts.startWorker ? retention : undefined);
    app.decorate('mail', {
      enqueue: insertMail,
      toEachStatement: mailToEachInsert,
      wake: () => worker.wake(),
      drain: () => worker.drain(),
      sweep: (options) => runRetention({ db: app.db, log, ...retention }, { ...options, force: true }),
    });
    if (opts.startWorker) app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'mail', dependencies: ['db', 'storage'] },
);
