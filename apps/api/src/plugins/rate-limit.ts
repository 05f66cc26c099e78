import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type DbOrTx, queryRows } from '../db/client.ts';
import { tooManyRequests } from '../lib/errors.ts';

/** DESIGN section 3: per client address 30 requests a minute on each endpoint. */
export const ADDRESS_LIMIT = { max: 30, windowSeconds: 60 };
/** Per account (e-mail or document): 10 failed attempts in 15 minutes, reset by a success. */
export const ACCOUNT_FAILURE_LIMIT = { max: 10, windowSeconds: 15 * 60 };

interface Counter {
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter kept in the database, so several instances share it.
 * One atomic upsert: a window that has expired starts again at 1.
 */
export async function hitCounter(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
  increment = 1,
): Promise<Counter> {
  const rows = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_start, expires_at)
    values (${key}, ${increment}, now(), now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= now() then ${increment} else rate_limits.count + ${increment} end,
      window_start = case when rate_limits.expires_at <= now() then now() else rate_limits.window_start end,
      expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
    returning count, ceil(extract(epoch from (expires_at - now())))::int as retry_after`,
  );
  const row = rows[0]!;
  return { count: Number(row.count), retryAfterSeconds: Number(row.retry_after) };
}

async function readCounter(db: DbOrTx, key: string): Promise<Counter> {
  const rows = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`
    select count, ceil(extract(epoch from (expires_at - now())))::int as retry_after
    from rate_limits where key = ${key} and expires_at > now()`,
  );
  const row = rows[0];
  return row
    ? { count: Number(row.count), retryAfterSeconds: Number(row.retry_after) }
    : { count: 0, retryAfterSeconds: 0 };
}

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
  }
}

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
        await app.db.execute(sql`delete from rate_limits where key = ${accountKey(scope, account)}`);
      },
    });

    // Expired windows are dead weight: sweep them now and then.
    const sweep = setInterval(
      () => {
        app.db.execute(sql`delete from rate_limits where expires_at < now()`).catch((error: unknown) => {
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
