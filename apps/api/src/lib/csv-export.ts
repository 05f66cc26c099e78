import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

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
  options: {
    separator?: CsvSeparator;
    onEnd?: (result: { rows: number; complete: boolean }) => Promise<void>;
    /** A query that failed half-way: the response ends early, and the error goes here (the log). */
    onError?: (error: Error) => void;
  },
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
  });
  return pipeline(Readable.from(records()), stringifier, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') options.onError?.(error);
  });
}
