import { Transform, type TransformCallback } from 'node:stream';
import type { UploadedFile } from '../plugins/uploads.ts';

/** An uploaded CSV file and what its bytes turned out to be. */
export interface CsvFile extends UploadedFile {
  /** The whole file decodes as UTF-8; otherwise it is read as Windows-1252 (Excel in Argentina). */
  isUtf8: boolean;
  /** NUL bytes, or mostly control characters at the start: not a text CSV whatever its name. */
  isBinary: boolean;
}

const SAMPLE_BYTES = 8192;

/**
 * Passes the upload through untouched while learning what it is: UTF-8 is
 * validated incrementally (a fatal streaming decoder), so the decision covers
 * the whole file without holding it.
 */
export class TextSniffer extends Transform {
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
