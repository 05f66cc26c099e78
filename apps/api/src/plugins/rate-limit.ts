import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import type { DbOrTx } from '../db/client.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { findOrCreateSetting } from './auth.repository.ts';
import { documentedGuard } from './openapi.ts';
import { deleteCounters, deleteExpiredCounters, hitCounter, readCounter } from './rate-limit.repository.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
  /** The 429's message, when the generic one would not say what was limited. */
  message?: string;
}

/** Per client address: 30 requests a minute on each limited endpoint (decision 003). */
export const ADDRESS_LIMIT: Limit = { max: 30, windowSeconds: 60 };
/**
 * Per account and client address: 10 attempts in 15 minutes, forgotten after a
 * success. Keyed by both, so nobody can lock an account out from elsewhere (decision 053).
 */
export const ACCOUNT_FAILURE_LIMIT: Limit = { max: 10, windowSeconds: 15 * 60 };
/** Past ACCOUNT_FAILURE_LIMIT failures on an account from anywhere, each failed answer waits this long, doubling… */
export const FAILURE_DELAY_START_MS = 500;
/** …up to this. A right password is never delayed. */
export const FAILURE_DELAY_MAX_MS = 8000;

/** One attempt on an account, counted before it is checked; say how it ended. */
export interface AccountAttempt {
  /**
   * The check failed: counted against the account from every address; past the limit the answer
   * waits. Whether this failure was the one that reached the account's cap (`accountCap`), once a window.
   */
  failed(): Promise<{ reachedAccountCap: boolean }>;
  /** The check passed: this client's attempts and the account's failures are forgotten. */
  succeeded(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest guard limiting one endpoint per client address (an IPv6 client by its /64):
     * ADDRESS_LIMIT unless the endpoint gives its own. Routes sharing an endpoint name share its count.
     */
    limitByAddress(endpoint: string, limit?: Limit): onRequestHookHandler;
    accountFailures: {
      /**
       * Counts an attempt on the account from this client before it is
       * checked, in one atomic statement, and throws 429 when this client has
       * made too many: parallel guesses cannot slip through between a read and
       * a write, and another client is never refused for them. With
       * `accountCap`, the account's failures from every address together are
       * capped too: past it every client is refused (429 with its message)
       * until the window passes or a right answer clears it.
       */
      begin(
        scope: string,
        account: string,
        client: string,
        options?: { accountCap?: Limit },
      ): Promise<AccountAttempt>;
    };
    /**
     * Counts one action against `limit` and throws 429 past it. Given a
     * transaction, the count rolls back with a refused change.
     */
    consumeQuota(db: DbOrTx, key: string, limit: Limit): Promise<void>;
    /** Counts one action against `limit` and tells whether it is still within it (for what is skipped, not refused). */
    withinQuota(db: DbOrTx, key: string, limit: Limit): Promise<boolean>;
    /** Uses up what is left of `limit` at once: until its window ends, `withinQuota` answers false. */
    exhaustQuota(db: DbOrTx, key: string, limit: Limit): Promise<void>;
    /**
     * Takes one unit of a budget of failures before a guess is checked, in one atomic statement, and
     * throws 429 (with the limit's message) when none is left: guesses sent in parallel cannot all
     * pass a read of the count. A right guess gives its unit back (`refund`); it does not wipe the
     * count, so a right answer now and then does not buy more guesses.
     */
    spendFailure(key: string, limit: Limit): Promise<{ refund(): Promise<void> }>;
  }
}

/** How long a failed answer waits once an account has had `failures` failures in the window. */
export function failureDelayMs(failures: number): number {
  const over = failures - ACCOUNT_FAILURE_LIMIT.max;
  if (over <= 0) return 0;
  return Math.min(FAILURE_DELAY_MAX_MS, FAILURE_DELAY_START_MS * 2 ** Math.min(over - 1, 16));
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
    app.decorate('limitByAddress', (endpoint: string, limit: Limit = ADDRESS_LIMIT) => {
      return documentedGuard(
        async function limitByAddress(request: FastifyRequest) {
          const counter = await hitCounter(
            app.db,
            `ip:${endpoint}:${clientKey(request.ip)}`,
            limit.windowSeconds,
          );
          if (counter.count > limit.max) throw tooManyRequests(counter.retryAfterSeconds);
        },
        { statuses: [429], signedIn: false },
      );
    });

    // Counter keys name an account by a keyed hash: the table never holds an e-mail or a document.
    const keySecret = await findOrCreateSetting(app.db, 'rate_limit_key_secret', () =>
      randomBytes(32).toString('base64url'),
    );
    const accountKey = (scope: string, account: string) =>
      `fail:${scope}:${createHmac('sha256', keySecret).update(account.trim().toLowerCase()).digest('base64url')}`;

    app.decorate('accountFailures', {
      async begin(scope: string, account: string, client: string, options: { accountCap?: Limit } = {}) {
        const wholeAccount = accountKey(scope, account);
        const pair = `${wholeAccount}:${clientKey(client)}`;
        const cap = options.accountCap;
        const counter = await hitCounter(app.db, pair, ACCOUNT_FAILURE_LIMIT.windowSeconds);
        if (counter.count > ACCOUNT_FAILURE_LIMIT.max) throw tooManyRequests(counter.retryAfterSeconds);
        if (cap) {
          const failures = await readCounter(app.db, wholeAccount);
          if (failures.count >= cap.max) throw tooManyRequests(failures.retryAfterSeconds, cap.message);
        }
        return {
          async failed() {
            const failures = await hitCounter(
              app.db,
              wholeAccount,
              cap?.windowSeconds ?? ACCOUNT_FAILURE_LIMIT.windowSeconds,
            );
            const wait = failureDelayMs(failures.count);
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            return { reachedAccountCap: cap !== undefined && failures.count === cap.max };
          },
          async succeeded() {
            await deleteCounters(app.db, [pair, wholeAccount]);
          },
        };
      },
    });

    app.decorate('consumeQuota', async (db: DbOrTx, key: string, limit: Limit) => {
      const counter = await hitCounter(db, `quota:${key}`, limit.windowSeconds);
      if (counter.count > limit.max) throw tooManyRequests(counter.retryAfterSeconds, limit.message);
    });
    app.decorate('withinQuota', async (db: DbOrTx, key: string, limit: Limit) => {
      const counter = await hitCounter(db, `quota:${key}`, limit.windowSeconds);
      return counter.count <= limit.max;
    });
    app.decorate('exhaustQuota', async (db: DbOrTx, key: string, limit: Limit) => {
      await hitCounter(db, `quota:${key}`, limit.windowSeconds, limit.max + 1);
    });
    app.decorate('spendFailure', async (key: string, limit: Limit) => {
      const counter = await hitCounter(app.db, `guess:${key}`, limit.windowSeconds);
      if (counter.count > limit.max) throw tooManyRequests(counter.retryAfterSeconds, limit.message);
      return {
        async refund() {
          await hitCounter(app.db, `guess:${key}`, limit.windowSeconds, -1);
        },
      };
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
