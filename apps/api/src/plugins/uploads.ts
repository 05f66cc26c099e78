import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { LEFTOVERS, removeLeftovers } from '../lib/temp-files.ts';

export interface UploadedFile {
  /** A temporary file holding the upload, removed by `cleanup()`. */
  path: string;
  fileName: string;
  mimeType: string;
  bytes: number;
}

export interface Upload<I extends Transform = Transform> {
  /** The text fields, as sent. */
  fields: Record<string, string>;
  /** The first file part, if any came. */
  file?: UploadedFile;
  /** The `inspect` stream the file passed through, to read what it learnt. */
  inspection?: I;
  /** Removes the temporary files; call it when the request is done with them, whatever happened. */
  cleanup(): Promise<void>;
}

export interface UploadOptions<I extends Transform> {
  /** This route's size limit for the file; past it the request is refused with 413. */
  maxBytes: number;
  /** A pass-through stream the file flows through on its way to disk (content checks). */
  inspect?: () => I;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Reads a multipart request: text fields as strings, one file streamed to a
     * temporary file under DATA_DIR/tmp (never held in memory). The route then
     * parses the fields with its contract schema (`parseForm`).
     */
    receiveUpload<I extends Transform = PassThrough>(options: UploadOptions<I>): Promise<Upload<I>>;
  }
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    MESSAGES.FILE_TOO_LARGE(Math.round((maxBytes / 1024 / 1024) * 10) / 10),
    ERROR_CODES.PAYLOAD_TOO_LARGE,
  );

/**
 * The parser's own complaints about the body (cut off, no boundary, a broken
 * part header) carry neither a status nor a system call: the client sent a
 * broken form. Our errors, the plugin's (with a status) and the disk's (with
 * a system call) keep their meaning.
 */
function isMalformedMultipart(error: unknown) {
  if (!(error instanceof Error) || error instanceof AppError) return false;
  const { statusCode, syscall } = error as { statusCode?: number; syscall?: string };
  return statusCode === undefined && syscall === undefined;
}

/**
 * Multipart uploads. The size limit is each route's own (`maxBytes`), so the
 * CSV import and the PDF upload can differ; a route that does not read files
 * gets the parser's small default.
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES } });
    const tmpRoot = path.join(app.config.dataDir, 'tmp');
    // An upload or import cut short by a crash leaves its files here: clear them at start-up.
    const removed = await removeLeftovers(tmpRoot, LEFTOVERS(app.config));
    if (removed > 0) app.log.info({ removed }, 'removed the temporary files of interrupted uploads');

    app.decorateRequest('receiveUpload', async function receiveUpload<
      I extends Transform,
    >(this: FastifyRequest, options: UploadOptions<I>): Promise<Upload<I>> {
      if (!this.isMultipart()) throw new AppError(415, MESSAGES.NOT_MULTIPART, ERROR_CODES.UNSUPPORTED_MEDIA);
      await mkdir(tmpRoot, { recursive: true });
      const dir = await mkdtemp(path.join(tmpRoot, 'upload-'));
      const upload: Upload<I> = { fields: {}, cleanup: () => rm(dir, { recursive: true, force: true }) };
      try {
        const parts = this.parts({
          limits: { fileSize: options.maxBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
        });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
            continue;
          }
          if (upload.file) {
            part.file.resume();
            continue;
          }
          const filePath = path.join(dir, 'upload');
          const inspection = options.inspect?.();
          let bytes = 0;
          const counter = new PassThrough();
          counter.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          await pipeline(part.file, inspection ?? new PassThrough(), counter, createWriteStream(filePath));
          if (part.file.truncated) throw tooLarge(options.maxBytes);
          upload.file = { path: filePath, fileName: part.filename, mimeType: part.mimetype, bytes };
          upload.inspection = inspection;
        }
        return upload;
      } catch (error) {
        await upload.cleanup();
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.maxBytes);
        if (isMalformedMultipart(error))
          throw new AppError(400, MESSAGES.MULTIPART_INVALID, ERROR_CODES.VALIDATION);
        throw error;
      }
    });
  },
  { name: 'uploads', dependencies: ['db'] },
);
