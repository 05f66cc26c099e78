import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { deleteCounter, deleteExpiredCounters, hitCounter, readCounter } from './rate-limit.repository.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Per client address: 30 requests a minute on each limited endpoint (decision 003). */
export const ADDRESS_LIMIT: Limit = { max: 30, windowSeconds: 60 };
/** Per account (e-mail or document): 10 failed attempts in 15 minutes, reset by a success. */
export const ACCOUNT_FAILURE_LIMIT: Limit = { max: 10, windowSeconds: 15 * 60 };

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest guard limiting one endpoint per client address. */
    limitByAddress(endpoint: string): onRequestHookHandler;
    accountFailures: {
      /** Throws 429 when the account already has too many recent failures. */
      assertAllowed(scope: string, account: string): Promise<void>;
      recordFailure(scope: string, account: string): Promise<void>;
      reset(scope: string, account: string): Promise<void>;
    };
    /**
     * Counts one action against `limit` and throws 429 past it. Given a
     * transaction, the count rolls back with a refused change.
     */
    consumeQuota(db: DbOrTx, key: string, limit: Limit): Promise<void>;
  }
}

/** Request counters kept in the database, so several instances share them (decision 003). */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('limitByAddress', (endpoint: string) => {
      return async function limitByAddress(request: FastifyRequest) {
        const counter = await hitCounter(app.db, `ip:${endpoint}:${request.ip}`, ADDRESS_LIMIT.windowSeconds);
        if (counter.count > ADDRESS_LIMIT.max) throw tooManyRequests(counter.retryAfterSeconds);
      };
    });

    const accountKey = (scope: string, account: string) => `fail:${scope}:${account.toLowerCase()}`;
    app.decorate('accountFailures', {
      async assertAllowed(scope: string, account: string) {
        const counter = await readCounter(app.db, accountKey(scope, account));
        if (counter.count >= ACCOUNT_FAILURE_LIMIT.max) throw tooManyRequests(counter.retryAfterSeconds);
      },
      async recordFailure(scope: string, account: string) {
        await hitCounter(app.db, accountKey(scope, account), ACCOUNT_FAILURE_LIMIT.windowSeconds);
      },
      async reset(scope: string, account: string) {
        await deleteCounter(app.db, accountKey(scope, account));
      },
    });

    app.decorate('consumeQuota', async (db: DbOrTx, key: string, limit: Limit) => {
      const counter = await hitCounter(db, `quota:${key}`, limit.windowSeconds);
      if (counter.count > limit.max) throw tooManyRequests(counter.retryAfterSeconds);
    });

    // Expired windows are dead weight: sweep them now and then.
    const sweep = setInterval(
      () => {
        deleteExpiredCounters(app.db).catch((error: unknown) => {
          app.log.warn({ err: error }, 'rate limit sweep failed');
        });
      },
      10 * 60 * 1000,
    );
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
