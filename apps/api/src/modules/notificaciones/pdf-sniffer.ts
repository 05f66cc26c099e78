import { Transform, type TransformCallback } from 'node:stream';

/** Enough of the start to pass a byte-order mark and a few blank lines before the header. */
const HEAD_BYTES = 1024;
/** Writers may add a little after the last end-of-file marker (a newline, padding). */
const TAIL_BYTES = 2048;
const HEADER = Buffer.from('%PDF-');
const END_MARKER = Buffer.from('%%EOF');
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Space, tab, line feed, form feed and carriage return: what some writers put before the header. */
const LEADING_SPACE = new Set([0x20, 0x09, 0x0a, 0x0c, 0x0d]);

/** Whether `head` opens with `%PDF-`, after at most a UTF-8 byte-order mark and whitespace. */
function startsWithHeader(head: Buffer): boolean {
  let at = head.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? UTF8_BOM.length : 0;
  while (at < head.length && LEADING_SPACE.has(head[at]!)) at += 1;
  return head.subarray(at, at + HEADER.length).equals(HEADER);
}

/**
 * Passes an upload through untouched while keeping its first and last bytes,
 * to tell a real PDF by its content: the `%PDF-` header at the very start and
 * the `%%EOF` marker at the end, so a renamed file or one cut short is
 * refused. Readers would find the header anywhere in the first kilobyte, but
 * a file that opens with something else (an HTML page with a header in a
 * comment) is what other programs, a browser among them, would take it for.
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
    return startsWithHeader(this.head) && this.tail.includes(END_MARKER);
  }
}
