import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/** Path segments that are secrets themselves: the single-use links mailed for recovery, confirmation, invitations and the token. */
const SECRET_PATH =
  /\/(recover-password|confirmar-email|confirmar-email-cuenta|confirmar-registro|invitacion|invitaciones|activar-token)\/[^/?#]+/g;
/**
 * Query parameters that may hold health data or secrets: a searched name or
 * document, a token, a signed file link's signature (which opens the file).
 */
const SECRET_PARAMS = new Set(['search', 'token', 'sig']);
const REDACTED = '[oculto]';

/** Whether a raw (still encoded) parameter name is one to hide; one that cannot be decoded is hidden too. */
function isSecretParam(rawName: string): boolean {
  try {
    return SECRET_PARAMS.has(decodeURIComponent(rawName.replaceAll('+', ' ')));
  } catch {
    return true;
  }
}

/**
 * The URL as the request log may keep it: single-use tokens in paths and the
 * values of `search`, `token` and `sig` are replaced, so logs hold no secrets and no
 * searched names or documents.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(SECRET_PATH, `/$1/${REDACTED}`);
  if (queryStart === -1) return path;
  const params = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return isSecretParam(name) ? `${name}=${REDACTED}` : pair;
    });
  return `${path}?${params.join('&')}`;
}

/** Fastify's request serializer with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** drizzle-orm's wrapper of a failed statement: its message carries the SQL and the parameters. */
interface FailedQuery {
  query: string;
  cause?: { code?: string; severity?: string; routine?: string; name?: string };
}

function isFailedQuery(error: unknown): error is Error & FailedQuery {
  return (
    error instanceof Error &&
    'query' in error &&
    'params' in error &&
    error.message.startsWith('Failed query:')
  );
}

/**
 * Errors as the log may keep them. A failed statement keeps its SQL text and
 * the database's error code but never its parameters or the database's
 * message, which may quote a searched name, a document or a token.
 */
export function serializeError(error: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (isFailedQuery(error))
    return {
      type: 'DrizzleQueryError',
      message: `Failed query: ${error.query}`,
      stack: '',
      code: error.cause?.code,
      severity: error.cause?.severity,
      routine: error.cause?.routine,
    };
  return stdSerializers.err(error);
}
