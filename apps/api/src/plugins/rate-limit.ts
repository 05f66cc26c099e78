import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import type { DbOrTx } from '../db/client.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { deleteCounter, deleteExpiredCounters, hitCounter } from './rate-limit.repository.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
  /** The 429's message, when the generic one would not say what was limited. */
  message?: string;
}

/** Per client address: 30 requests a minute on each limited endpoint (decision 003). */
export const ADDRESS_LIMIT: Limit = { max: 30, windowSeconds: 60 };
/** Per account (e-mail or document): 10 attempts in 15 minutes, forgotten after a success. */
export const ACCOUNT_FAILURE_LIMIT: Limit = { max: 10, windowSeconds: 15 * 60 };

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest guard limiting one endpoint per client address. */
    limitByAddress(endpoint: string): onRequestHookHandler;
    accountFailures: {
      /**
       * Counts an attempt on the account before it is checked, in one atomic
       * statement, and throws 429 past the limit: parallel guesses cannot
       * slip through between a read and a write.
       */
      consumeAttempt(scope: string, account: string): Promise<void>;
      /** Forgets the account's attempts (after a success). */
      reset(scope: string, account: string): Promise<void>;
    };
    /**
     * Counts one action against `limit` and throws 429 past it. Given a
     * transaction, the count rolls back with a refused change.
     */
    consumeQuota(db: DbOrTx, key: string, limit: Limit): Promise<void>;
  }
}

/**
 * Whom a request is counted against: its IPv4 address, or the /64 network of
 * an IPv6 one (a single subscriber usually holds a whole /64, so counting each
 * address would let one client rotate through billions of them).
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === 'ipv4') return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}

/** Request counters kept in the database, so several instances share them (decision 003). */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('limitByAddress', (endpoint: string) => {
      return async function limitByAddress(request: FastifyRequest) {
        const counter = await hitCounter(
          app.db,
          `ip:${endpoint}:${clientKey(request.ip)}`,
          ADDRESS_LIMIT.windowSeconds,
        );
        if (counter.count > ADDRESS_LIMIT.max) throw tooManyRequests(counter.retryAfterSeconds);
      };
    });

    const accountKey = (scope: string, account: string) => `fail:${scope}:${account.toLowerCase()}`;
    app.decorate('accountFailures', {
      async consumeAttempt(scope: string, account: string) {
        const key = accountKey(scope, account);
        const counter = await hitCounter(app.db, key, ACCOUNT_FAILURE_LIMIT.windowSeconds);
        if (counter.count > ACCOUNT_FAILURE_LIMIT.max) throw tooManyRequests(counter.retryAfterSeconds);
      },
      async reset(scope: string, account: string) {
        await deleteCounter(app.db, accountKey(scope, account));
      },
    });

    app.decorate('consumeQuota', async (db: DbOrTx, key: string, limit: Limit) => {
      const counter = await hitCounter(db, `quota:${key}`, limit.windowSeconds);
      if (counter.count > limit.max) throw tooManyRequests(counter.retryAfterSeconds, limit.message);
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
