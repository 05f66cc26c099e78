import { Transform, type TransformCallback } from 'node:stream';

/** PDF readers accept the header anywhere in the first kilobyte. */
const HEAD_BYTES = 1024;
/** Writers may add a little after the last end-of-file marker (a newline, padding). */
const TAIL_BYTES = 2048;
const HEADER = Buffer.from('%PDF-');
const END_MARKER = Buffer.from('%%EOF');

/**
 * Passes an upload through untouched while keeping its first and last bytes,
 * to tell a real PDF by its content: the `%PDF-` header at the start and the
 * `%%EOF` marker at the end, so a renamed file or one cut short is refused.
 */
export class PdfSniffer extends Transform {
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk]).subarray(0, HEAD_BYTES);
    const joined = Buffer.concat([this.tail, chunk]);
    this.tail = joined.subarray(Math.max(0, joined.length - TAIL_BYTES));
    callback(null, chunk);
  }

  get isPdf(): boolean {
    return this.head.includes(HEADER) && this.tail.includes(END_MARKER);
  }
}
