import { PassThrough, pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

export type CsvSeparator = ',' | ';';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

/**
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, a
 * tab or a carriage return) gets a leading apostrophe, so an exported name or
 * note can never execute in the program that opens the file.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export interface CsvOptions {
  separator?: CsvSeparator;
  onEnd?: (result: { rows: number; complete: boolean }) => Promise<void>;
  /** A query that failed half-way: the response ends early, and the error goes here (the log). */
  onError?: (error: Error) => void;
}

/**
 * A CSV file as a stream, written as the batches arrive: UTF-8 with a byte
 * order mark (so spreadsheet programs read accents), a header row, quoting
 * per RFC 4180, and `;` as the separator when asked (spreadsheets set up for
 * Spanish expect it). Only one batch is held at a time; the batches are
 * pulled as the client reads, so a slow download slows the queries instead
 * of filling memory. `onEnd` runs once, whether the file was written whole or
 * the client went away, with how many rows went out.
 */
export function csvStream<T>(
  batches: AsyncIterable<readonly T[]>,
  columns: readonly CsvColumn<T>[],
  options: CsvOptions,
): Readable {
  let rows = 0;
  let complete = false;
  async function* records() {
    try {
      for await (const batch of batches) {
        for (const row of batch) {
          rows++;
          yield columns.map((column) => {
            const value = column.value(row);
            return typeof value === 'string' ? neutralizeFormula(value) : (value ?? '');
          });
        }
      }
      complete = true;
    } finally {
      await options.onEnd?.({ rows, complete });
    }
  }
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((column) => column.header),
    delimiter: options.separator ?? ',',
    record_delimiter: 'windows',
    // A line break of either kind inside a cell is quoted; csv-stringify on its own quotes only the record delimiter.
    quoted_match: /[\r\n]/,
  });
  return pipeline(Readable.from(records()), stringifier, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') options.onError?.(error);
  });
}

const CRLF = Buffer.from('\r\n');
const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Rows of CSV as PostgreSQL's COPY writes them, ending in "\n", turned into
 * the records `csvStream` writes, ending in "\r\n", and counted. A line feed
 * inside quotes is part of a cell (COPY quotes every cell holding one), so
 * the quote state is followed across chunks; a doubled quote closes and
 * reopens it, which leaves it right.
 */
class CopyRecords extends Transform {
  rows = 0;
  private quoted = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const pieces: Buffer[] = [];
    let from = 0;
    let at = 0;
    let nextQuote = chunk.indexOf(QUOTE);
    while (at < chunk.length) {
      if (this.quoted) {
        if (nextQuote === -1) break;
        this.quoted = false;
        at = nextQuote + 1;
        nextQuote = chunk.indexOf(QUOTE, at);
        continue;
      }
      const lineFeed = chunk.indexOf(LINE_FEED, at);
      if (nextQuote !== -1 && (lineFeed === -1 || nextQuote < lineFeed)) {
        this.quoted = true;
        at = nextQuote + 1;
        nextQuote = chunk.indexOf(QUOTE, at);
        continue;
      }
      if (lineFeed === -1) break;
      this.rows++;
      pieces.push(chunk.subarray(from, lineFeed), CRLF);
      from = at = lineFeed + 1;
    }
    pieces.push(chunk.subarray(from));
    callback(null, Buffer.concat(pieces));
  }
}

/**
 * The file `csvStream` writes, with its rows written by the database
 * (`copyCsvOut`): the byte order mark and the header row first, then COPY's
 * rows as records, counted for `onEnd`, which runs before the file ends. When
 * `open` answers null (no COPY here, or enough running), `fallback` writes the
 * file from batches instead.
 */
export function csvFromCopy(
  open: () => Promise<Readable | null>,
  fallback: () => Readable,
  headers: readonly string[],
  options: CsvOptions,
): Readable {
  const output = new PassThrough();
  const ended = (result: { rows: number; complete: boolean }) =>
    (options.onEnd?.(result) ?? Promise.resolve()).catch((error: Error) => options.onError?.(error));
  (async () => {
    let copy: Readable | null;
    try {
      copy = await open();
    } catch (error) {
      options.onError?.(error as Error);
      await ended({ rows: 0, complete: false });
      output.destroy();
      return;
    }
    // The client may have gone while the connection was being found: nothing was sent.
    if (output.destroyed) {
      copy?.destroy();
      await ended({ rows: 0, complete: false });
      return;
    }
    if (!copy) {
      pipeline(fallback(), output, () => {});
      return;
    }
    output.write(
      stringifySync([headers as string[]], {
        bom: true,
        delimiter: options.separator ?? ',',
        record_delimiter: 'windows',
      }),
    );
    const records = new CopyRecords();
    let finished = false;
    const finish = (error?: Error | null) => {
      if (finished) return;
      finished = true;
      const complete = !error;
      if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
        options.onError?.(error);
      void ended({ rows: records.rows, complete }).finally(() => {
        if (complete) output.end();
        else output.destroy();
      });
    };
    records.pipe(output, { end: false });
    // 'end' comes once the last record has been handed to the response.
    records.once('end', () => finish());
    pipeline(copy, records, (error) => {
      if (error) finish(error);
    });
    // A client gone half-way: the COPY stops and its connection is closed.
    output.once('close', () => {
      if (!finished) copy.destroy();
    });
  })();
  return output;
}
