import type { FastifyRequest } from 'fastify';

/** Path segments that are secrets themselves: the single-use links mailed for recovery and confirmation. */
const SECRET_PATH = /\/(recover-password|confirmar-email)\/[^/?#]+/g;
/** Query parameters that may hold health data or secrets (a searched name or document, a token). */
const SECRET_PARAMS = new Set(['search', 'token']);
const REDACTED = '[oculto]';

/**
 * The URL as the request log may keep it: single-use tokens in paths and the
 * values of `search` and `token` are replaced, so logs hold no secrets and no
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
      return SECRET_PARAMS.has(decodeURIComponent(name)) ? `${name}=${REDACTED}` : pair;
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
