import type { Duplex } from 'node:stream';
import { ERROR_CODES, type ErrorBody, MESSAGES } from '@red-dental/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDatabaseUnavailable } from '../lib/errors.ts';
import { isStorageUnavailable } from './storage/index.ts';

function fieldsFromValidation(validation: { instancePath: string; message?: string }[]) {
  const fields: Record<string, string> = {};
  for (const v of validation) {
    const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[key] ??= v.message ?? MESSAGES.VALIDATION;
  }
  return fields;
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode, or a path
 * parameter past its length, answered like every other refusal.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, MESSAGES.URL_TOO_LONG]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, MESSAGES.URL_INVALID]
        : [500, MESSAGES.UNEXPECTED];
  const code = status === 500 ? ERROR_CODES.INTERNAL : ERROR_CODES.VALIDATION;
  return reply.status(status).send({ error: message, code } satisfies ErrorBody);
}

/** How long a connection answered by `clientErrorHandler` stays open for the client to read the answer. */
const CLIENT_ERROR_LINGER_MS = 2_000;

/**
 * Node's `clientError`: a request the HTTP parser refuses before Fastify sees
 * it (headers too large, a broken request line), or one a client took too
 * long to send (an upload past its time, decision 055). The answer is written
 * to the socket by hand, as Fastify's default does, in the API's shape and
 * language.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // An answer already under way cannot be followed by another one: the connection is dropped.
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MESSAGES.HEADERS_TOO_LARGE]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MESSAGES.REQUEST_TIMEOUT]
        : [400, 'Bad Request', MESSAGES.VALIDATION];
  const body = JSON.stringify({ error: message, code: ERROR_CODES.VALIDATION } satisfies ErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  // An upload cut off may still be streaming in: nothing more of it reaches the route, and the
  // connection goes once the client has had a moment to read the answer.
  socket.pause();
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}

/**
 * The one place that turns errors into responses: `{ error, code, fields? }`
 * in Spanish, never a stack trace or SQL text.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let status = 500;
      let body: ErrorBody = { error: MESSAGES.UNEXPECTED, code: ERROR_CODES.INTERNAL };

      if (error instanceof AppError) {
        status = error.statusCode;
        body = { error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
        if (error.headers) reply.headers(error.headers);
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = fieldsFromValidation(error.validation);
        const first = Object.values(fields)[0];
        status = 400;
        body = { error: first ?? MESSAGES.VALIDATION, code: ERROR_CODES.VALIDATION, fields };
      } else if (
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        (error instanceof SyntaxError && error.statusCode === 400)
      ) {
        status = 400;
        body = { error: MESSAGES.MALFORMED_JSON, code: ERROR_CODES.MALFORMED_JSON };
      } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
        status = 413;
        body = { error: MESSAGES.BODY_TOO_LARGE, code: ERROR_CODES.PAYLOAD_TOO_LARGE };
      } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
        status = 415;
        body = { error: MESSAGES.UNSUPPORTED_MEDIA, code: ERROR_CODES.UNSUPPORTED_MEDIA };
      } else if (isStorageUnavailable(error)) {
        // Before the database check: a storage outage carries the same network codes (ECONNREFUSED…) in its cause.
        status = 503;
        body = { error: MESSAGES.STORAGE_UNAVAILABLE, code: ERROR_CODES.UNAVAILABLE };
      } else if (isDatabaseUnavailable(error)) {
        status = 503;
        body = { error: MESSAGES.DATABASE_DOWN, code: ERROR_CODES.UNAVAILABLE };
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // Other client errors raised by Fastify itself (bad content length, etc.).
        status = error.statusCode;
        body = { error: MESSAGES.VALIDATION, code: ERROR_CODES.VALIDATION };
      }

      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, code: body.code }, 'request refused');
      return reply.status(status).send(body);
    });

    app.setNotFoundHandler((_request, reply) => {
      reply
        .status(404)
        .send({ error: MESSAGES.NOT_FOUND_ROUTE, code: ERROR_CODES.NOT_FOUND } satisfies ErrorBody);
    });
  },
  { name: 'errors' },
);
