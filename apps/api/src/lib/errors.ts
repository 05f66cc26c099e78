import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';

/** An error the client is meant to see: its status, Spanish message and code reach the response as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, ERROR_CODES.VALIDATION, fields);
export const unauthorized = (message: string = MESSAGES.UNAUTHENTICATED) =>
  new AppError(401, message, ERROR_CODES.UNAUTHENTICATED);
export const forbidden = (message: string = MESSAGES.FORBIDDEN) =>
  new AppError(403, message, ERROR_CODES.FORBIDDEN);
export const notFound = (message: string) => new AppError(404, message, ERROR_CODES.NOT_FOUND);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, message, ERROR_CODES.CONFLICT, fields);
export const tooManyRequests = (retryAfterSeconds: number, message: string = MESSAGES.RATE_LIMITED) =>
  new AppError(429, message, ERROR_CODES.RATE_LIMITED, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** PostgreSQL unique_violation, from either driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}

/**
 * A row still referenced, or a reference to none: PostgreSQL's
 * foreign_key_violation (NO ACTION), or restrict_violation (ON DELETE RESTRICT).
 */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return (e?.code === '23503' || e?.code === '23001') && (!constraint || e.constraint === constraint);
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const c = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code))
      return c as { code: string; constraint?: string };
    current = c.cause;
  }
  return undefined;
}

/**
 * Codes that mean the database cannot serve the request now: the network
 * (refused, reset, timed out, unknown or unreachable host, DNS failure), the
 * server (shutting down, crashed, starting, too many connections, connection
 * lost) or a statement cancelled by its timeout.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
  '57014',
]);

/** Errors that mean the database cannot be reached (see UNAVAILABLE_CODES, pool closed, PGlite closed). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const c = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && UNAVAILABLE_CODES.has(c.code)) return true;
    if (
      typeof c.message === 'string' &&
      /PGlite is closed|Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect/i.test(
        c.message,
      )
    )
      return true;
    current = c.cause;
  }
  return false;
}
