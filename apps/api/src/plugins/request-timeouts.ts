import { PassThrough } from 'node:stream';
import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

/** How long a client may take to send each part of a request (decision 055). */
export interface RequestTimeouts {
  /** The request line and headers (Node's `headersTimeout`). */
  headersMs: number;
  /** A body other than a multipart upload, counted from the request's start (the hook below). */
  bodyMs: number;
  /** A whole request, an upload included (Node's `requestTimeout`, for every request). */
  uploadMs: number;
  /** How often Node looks for requests past `headersMs` and `uploadMs`. */
  checkIntervalMs: number;
}

/** The slowest upload link an upload of the largest allowed size must still get through: 1 Mbit/s. */
const SLOWEST_UPLOAD_BYTES_PER_MS = 125;

/** The limits for this configuration: uploads get as long as the largest one takes at the slowest link, plus a minute. */
export function requestTimeouts(config: Pick<Config, 'maxCsvBytes' | 'maxPdfBytes'>): RequestTimeouts {
  const largestUpload = Math.max(config.maxCsvBytes, config.maxPdfBytes);
  return {
    headersMs: 20_000,
    bodyMs: 30_000,
    uploadMs: 60_000 + Math.ceil(largestUpload / SLOWEST_UPLOAD_BYTES_PER_MS),
    checkIntervalMs: 1_000,
  };
}

const cutOff = () => new AppError(408, MESSAGES.REQUEST_TIMEOUT, ERROR_CODES.VALIDATION);

/**
 * Node's request timeout is one value for the whole server, so it is the
 * uploads' budget. Every other body (JSON, at most 1 MB) must be in within
 * `bodyMs` of the request's start: its stream is handed to the parser through
 * a pass-through that fails with a 408 once the time is up, and the answer
 * closes the connection (Fastify's parser error path). A body that has fully
 * arrived is never cut, however long the request took before reading it.
 */
export default fp(
  async (app: FastifyInstance, opts: { bodyMs: number }) => {
    app.addHook('preParsing', (request, reply, payload, done) => {
      const { headers } = request;
      const hasBody = headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0;
      const isUpload = /^multipart\//i.test(headers['content-type'] ?? '');
      if (!hasBody || isUpload || request.raw.complete) {
        done(null, payload);
        return;
      }
      const guarded = new PassThrough();
      // A body no parser reads (a GET's) must not turn the cut-off into an unhandled error.
      guarded.on('error', () => {});
      payload.on('error', (error) => guarded.destroy(error));
      const timer = setTimeout(
        () => {
          if (request.raw.complete || reply.sent) return;
          payload.unpipe(guarded);
          guarded.destroy(cutOff());
        },
        Math.max(0, opts.bodyMs - reply.elapsedTime),
      );
      timer.unref();
      const settle = () => clearTimeout(timer);
      guarded.once('end', settle);
      reply.raw.once('close', settle);
      payload.pipe(guarded);
      done(null, guarded);
    });
  },
  { name: 'request-timeouts' },
);
