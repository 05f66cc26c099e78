import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

/** Decorates the app with the config and the database; closes the database when the app closes. */
export default fp(
  async (app: FastifyInstance, opts: { config: Config; database: Database; closeDatabase: boolean }) => {
    app.decorate('config', opts.config);
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    if (opts.closeDatabase) app.addHook('onClose', async () => opts.database.close());
  },
  { name: 'db' },
);
