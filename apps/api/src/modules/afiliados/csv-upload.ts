import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

export interface CsvUpload {
  fields: Record<string, string>;
  file?: {
    path: string;
    fileName: string;
    bytes: number;
    /** The whole file decodes as UTF-8; otherwise it is read as Windows-1252 (Excel in Argentina). */
    isUtf8: boolean;
    /** NUL bytes, or mostly control characters at the start: not a text CSV whatever its name. */
    isBinary: boolean;
  };
  /** Removes the temporary directory; call it when the import is over, whatever happened. */
  cleanup(): Promise<void>;
}

const SAMPLE_BYTES = 8192;

/**
 * Passes the upload through untouched while learning what it is: UTF-8 is
 * validated incrementally (a fatal streaming decoder), so the decision covers
 * the whole file without holding it.
 */
class TextSniffer extends Transform {
  bytes = 0;
  hasNul = false;
  isUtf8 = true;
  private sampled = 0;
  private controls = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (!this.hasNul && chunk.includes(0)) this.hasNul = true;
    for (let i = 0; i < chunk.length && this.sampled < SAMPLE_BYTES; i++, this.sampled++) {
      const b = chunk[i]!;
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) this.controls++;
    }
    if (this.isUtf8) {
      try {
        this.decoder.decode(chunk, { stream: true });
      } catch {
        this.isUtf8 = false;
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.isUtf8) {
      try {
        this.decoder.decode();
      } catch {
        this.isUtf8 = false;
      }
    }
    callback();
  }

  get isBinary() {
    return this.hasNul || (this.sampled > 0 && this.controls / this.sampled > 0.05);
  }
}

/**
 * Reads the multipart request: fields as strings, the one file streamed to a
 * temporary file under DATA_DIR/tmp (never held in memory, refused past the
 * size limit with 413).
 */
export async function receiveCsvUpload(
  request: FastifyRequest,
  options: { tmpRoot: string; maxBytes: number },
): Promise<CsvUpload> {
  if (!request.isMultipart()) throw new AppError(415, MESSAGES.NOT_MULTIPART, ERROR_CODES.UNSUPPORTED_MEDIA);
  await mkdir(options.tmpRoot, { recursive: true });
  const dir = await mkdtemp(path.join(options.tmpRoot, 'import-'));
  const upload: CsvUpload = {
    fields: {},
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
        continue;
      }
      if (upload.file) {
        part.file.resume();
        continue;
      }
      const filePath = path.join(dir, 'upload.csv');
      const sniffer = new TextSniffer();
      await pipeline(part.file, sniffer, createWriteStream(filePath));
      if (part.file.truncated) throw tooLarge(options.maxBytes);
      upload.file = {
        path: filePath,
        fileName: part.filename,
        bytes: sniffer.bytes,
        isUtf8: sniffer.isUtf8,
        isBinary: sniffer.isBinary,
      };
    }
    return upload;
  } catch (error) {
    await upload.cleanup();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.maxBytes);
    throw error;
  }
}

const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    MESSAGES.FILE_TOO_LARGE(Math.round((maxBytes / 1024 / 1024) * 10) / 10),
    ERROR_CODES.PAYLOAD_TOO_LARGE,
  );
