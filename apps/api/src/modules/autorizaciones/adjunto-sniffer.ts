import { Transform, type TransformCallback } from 'node:stream';

/** What an attachment may be, told by its bytes. */
export type AdjuntoMime = 'image/jpeg' | 'image/png' | 'application/pdf';

const HEAD_BYTES = 1024;
/** A ZIP's directory end lies within its last 64 kB (and 22 bytes): a file readable as a ZIP shows it there. */
const TAIL_BYTES = 66 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const JPEG_END = Buffer.from([0xff, 0xd9]);
const PDF = Buffer.from('%PDF-', 'latin1');
const PDF_END = Buffer.from('%%EOF', 'latin1');
const PNG_END = Buffer.from('IEND', 'latin1');
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** Markup another program would run, at either end of the file. */
const MARKUP = /<(script|html|svg|iframe|object|embed)[\s>/]|<\?php/i;
/** What a PDF can do beyond being read: run scripts, launch programs, carry files. */
const PDF_ACTIONS = ['/JavaScript', '/JS', '/Launch', '/EmbeddedFile', '/RichMedia', '/XFA'].map((a) =>
  Buffer.from(a, 'latin1'),
);
const LONGEST_ACTION = Math.max(...PDF_ACTIONS.map((a) => a.length)) + 1;

/** Whether `name` (a PDF name such as /JS) appears in `data` as a whole name, not the start of a longer one. */
function hasName(data: Buffer, name: Buffer): boolean {
  for (let at = data.indexOf(name); at !== -1; at = data.indexOf(name, at + 1)) {
    const next = data[at + name.length];
    if (next === undefined || !/[A-Za-z0-9]/.test(String.fromCharCode(next))) return true;
  }
  return false;
}

/**
 * Passes an upload through untouched while reading what it is: a JPEG, PNG
 * or PDF by its opening bytes and its end, never by its name. It also
 * notices a polyglot, a file that is something else as well: a ZIP's
 * directory at its end, markup at either end, or a PDF that can run a script,
 * launch a program or carry another file.
 */
export class AdjuntoSniffer extends Transform {
  private head = Buffer.alloc(0);
  /** The last TAIL_BYTES seen, in a buffer of twice that kept for the whole upload: no copy per chunk but its own. */
  private readonly window = Buffer.allocUnsafe(2 * TAIL_BYTES);
  private windowLength = 0;
  /** The end of the previous chunk, so a name split across two chunks is still seen. */
  private carry = Buffer.alloc(0);
  private acciones = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk]).subarray(0, HEAD_BYTES);
    this.keepTail(chunk);
    if (!this.acciones && this.head.subarray(0, PDF.length).equals(PDF)) {
      // Names may spell a letter as #xx (/J#61vaScript): read them as a PDF reader does.
      const window = Buffer.from(
        Buffer.concat([this.carry, chunk])
          .toString('latin1')
          .replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      );
      this.acciones = PDF_ACTIONS.some((a) => hasName(window, a));
      this.carry = window.subarray(Math.max(0, window.length - LONGEST_ACTION));
    }
    callback(null, chunk);
  }

  private keepTail(chunk: Buffer) {
    if (chunk.length >= TAIL_BYTES) {
      chunk.copy(this.window, 0, chunk.length - TAIL_BYTES);
      this.windowLength = TAIL_BYTES;
      return;
    }
    if (this.windowLength + chunk.length > this.window.length) {
      // Room for the chunk: the last bytes that still count move to the front.
      const keep = TAIL_BYTES - chunk.length;
      this.window.copyWithin(0, this.windowLength - keep, this.windowLength);
      this.windowLength = keep;
    }
    chunk.copy(this.window, this.windowLength);
    this.windowLength += chunk.length;
  }

  /** The file's last bytes (up to TAIL_BYTES). */
  private get tail(): Buffer {
    return this.window.subarray(Math.max(0, this.windowLength - TAIL_BYTES), this.windowLength);
  }

  /** The type its bytes say, or undefined for anything else (or a file cut short). */
  get mime(): AdjuntoMime | undefined {
    const end = this.tail.subarray(Math.max(0, this.tail.length - 2048));
    if (this.head.subarray(0, JPEG.length).equals(JPEG) && end.includes(JPEG_END)) return 'image/jpeg';
    if (this.head.subarray(0, PNG.length).equals(PNG) && end.includes(PNG_END)) return 'image/png';
    if (this.head.subarray(0, PDF.length).equals(PDF) && end.includes(PDF_END)) return 'application/pdf';
    return undefined;
  }

  /** Whether it is also something else, or a PDF that does more than show pages. */
  get poliglota(): boolean {
    const pdf = this.head.subarray(0, PDF.length).equals(PDF);
    return (
      this.acciones ||
      // A PDF reader finds a header anywhere in the first kilobyte: an image carrying one is both.
      (!pdf && this.head.includes(PDF)) ||
      this.tail.includes(ZIP_END) ||
      MARKUP.test(this.head.toString('latin1')) ||
      MARKUP.test(this.tail.subarray(Math.max(0, this.tail.length - 2048)).toString('latin1'))
    );
  }
}
