import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fileTransport, smtpTransport } from '../modules/mail/mail.transport.ts';
import { MailWorker } from '../modules/mail/mail.worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: Pick<MailWorker, 'wake' | 'drain'>;
  }
}

/** Starts the outbox worker once the app is ready and stops it (finishing the batch in hand) on close. */
export default fp(
  async (app: FastifyInstance, opts: { startWorker: boolean }) => {
    const { config } = app;
    const transport = config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom, app.log);
    const worker = new MailWorker(app.db, transport, app.log.child({ module: 'mail' }));
    app.decorate('mail', worker);
    if (opts.startWorker) app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'mail', dependencies: ['db'] },
);
