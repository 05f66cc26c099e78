import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { type ExportFormat, networkClock } from '@red-dental/contracts';
import type { FastifyReply } from 'fastify';
import { type CsvColumn, type CsvSeparator, csvFromCopy, csvStream } from './csv-export.ts';
import { readWrittenDate } from './written-dates.ts';

/** A column of an exported list: its header and what each row puts in it. */
export type ExportColumn<T> = CsvColumn<T>;

export interface ExportOptions {
  /** The sheet's name in a workbook, and the file's name before the day and extension. */
  name: string;
  /** Runs once, whether the file was written whole or the client went away, with how many rows went out. */
  onEnd?: (result: { rows: number; complete: boolean }) => Promise<void>;
  /** A query that failed half-way: the response ends early, and the error goes here (the log). */
  onError?: (error: Error) => void;
}

export interface ExportFile {
  stream: Readable;
  contentType: string;
  fileName: string;
}

/** How much of a workbook may wait for a slow client before the next batch is read. */
const XLSX_HIGH_WATER = 1 << 20;

/** How a date cell shows, by what its text held: the day alone, or the time to the minute or second. */
const DATE_FORMATS = {
  none: 'dd/mm/yyyy',
  minutes: 'dd/mm/yyyy hh:mm',
  seconds: 'dd/mm/yyyy hh:mm:ss',
} as const;

/** A column's width in characters: wide enough for its header and what its first rows hold, never a wall. */
const MIN_WIDTH = 12;
const MAX_WIDTH = 50;
/** What a date-time needs to show whole (a narrower date cell shows '#####'). */
const MOMENT_WIDTH = 17;

type XlsxCell = string | number | Date | null;

/**
 * A value as its workbook cell: a day or moment written as the screens write
 * it (dd/mm/yyyy, dd/mm/yyyy hh:mm) becomes an Excel date with that number
 * format, so the sheet sorts and filters it as a date; other text stays text.
 */
function xlsxCell(value: string | number | null | undefined): { value: XlsxCell; numFmt?: string } {
  if (typeof value !== 'string') return { value: value ?? null };
  const date = value.length >= 10 && value.length <= 19 ? readWrittenDate(value) : undefined;
  return date ? { value: date.at, numFmt: DATE_FORMATS[date.time] } : { value };
}

/**
 * Each column's width from its header and the first batch: the longest text
 * (within bounds), a date-time's width for a column of dates, and a
 * date-time's too for a column the first batch left empty (a later row may
 * hold a date there, and the columns are written before the rows).
 */
function columnWidths<T>(columns: readonly ExportColumn<T>[], first: readonly T[]): number[] {
  return columns.map((column) => {
    let longest = column.header.length;
    let filled = false;
    for (const row of first) {
      const value = column.value(row);
      if (value === null || value === undefined || value === '') continue;
      filled = true;
      const cell = xlsxCell(value);
      const length = cell.value instanceof Date ? cell.numFmt!.length : String(value).length;
      longest = Math.max(longest, length);
    }
    const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2));
    return filled ? width : Math.max(width, MOMENT_WIDTH);
  });
}

/**
 * An Excel workbook as a stream: one sheet, a bold header row, text cells for
 * text (a document keeps its leading zeros; nothing is read as a formula),
 * number cells for numbers and date cells for days and moments. Rows are
 * committed as they are read and the next batch waits while a megabyte is
 * still unread, so a million rows never sit in memory.
 */
function xlsxStream<T>(
  batches: AsyncIterable<readonly T[]>,
  columns: readonly ExportColumn<T>[],
  options: ExportOptions,
): Readable {
  const output = new PassThrough({ highWaterMark: XLSX_HIGH_WATER });
  // The workbook writes into `zip`; `output` ends only once the export is recorded, so a
  // client that has the whole file can already find it in the audit log.
  const zip = new PassThrough({ highWaterMark: XLSX_HIGH_WATER });
  zip.pipe(output, { end: false });

  let closed = false;
  output.once('close', () => {
    closed = true;
  });
  (async () => {
    let rows = 0;
    let complete = false;
    const iterator = batches[Symbol.asyncIterator]();
    try {
      // The workbook writer is loaded with the first workbook asked for, not with the server.
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: zip,
        useSharedStrings: false,
        useStyles: true,
      });
      const sheet = workbook.addWorksheet(options.name.slice(0, 31), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      // The first batch is read before the header: the columns' widths come from it.
      let next = await iterator.next();
      const widths = columnWidths(columns, next.done ? [] : next.value);
      sheet.columns = columns.map((column, i) => ({ header: column.header, width: widths[i] }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for (; !next.done; next = await iterator.next()) {
        for (const row of next.value) {
          rows++;
          const cells = columns.map((column) => xlsxCell(column.value(row)));
          const written = sheet.addRow(cells.map((cell) => cell.value));
          cells.forEach((cell, i) => {
            if (cell.numFmt) written.getCell(i + 1).numFmt = cell.numFmt;
          });
          written.commit();
        }
        if (!closed && zip.writableNeedDrain) {
          // Whichever comes first; the other listener is removed, not left to pile up batch after batch.
          const waiting = new AbortController();
          await Promise.race([
            once(zip, 'drain', { signal: waiting.signal }),
            once(output, 'close', { signal: waiting.signal }),
          ]).finally(() => waiting.abort());
        }
        if (closed) return;
      }
      sheet.commit();
      const zipped = once(zip, 'end');
      await workbook.commit();
      await zipped;
      complete = true;
    } catch (error) {
      options.onError?.(error as Error);
    } finally {
      // A client gone half-way: the batches stop (their query or cursor is released).
      if (!complete) await iterator.return?.().catch(() => {});
      await options.onEnd?.({ rows, complete });
      if (complete) output.end();
      else output.destroy();
    }
  })();
  return output;
}

/**
 * The rows as the file the caller asked for: CSV (with its separator) or an
 * Excel workbook. `copy`, when given, writes the same CSV rows in the
 * database (`copyCsvOut`: the columns of `columns`, in their order and as
 * they write them); the batches then serve only when it cannot.
 */
export function tableExport<T>(
  batches: AsyncIterable<readonly T[]>,
  columns: readonly ExportColumn<T>[],
  format: ExportFormat,
  options: ExportOptions,
  copy?: (separator: CsvSeparator) => Promise<Readable | null>,
): ExportFile {
  // The day in Buenos Aires, as the network's staff would date the file.
  const day = networkClock(new Date()).date;
  const ahead = readingAhead(batches);
  if (format.formato === 'xlsx') {
    return {
      stream: xlsxStream(ahead, columns, options),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: `${options.name}-${day}.xlsx`,
    };
  }
  const csvOptions = { separator: format.separador, onEnd: options.onEnd, onError: options.onError };
  const fromBatches = () => csvStream(ahead, columns, csvOptions);
  return {
    stream: copy
      ? csvFromCopy(
          () => copy(format.separador ?? ','),
          fromBatches,
          columns.map((column) => column.header),
          csvOptions,
        )
      : fromBatches(),
    contentType: 'text/csv; charset=utf-8',
    fileName: `${options.name}-${day}.csv`,
  };
}

/** Exports per user and hour: enough for any day's work, not for copying a list out in slices. */
export const EXPORT_QUOTA = { max: 30, windowSeconds: 3600 };

/** Sends an export as a download named after its list and the day. */
export function sendExport(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.stream);
}

/**
 * Reads the next batch while the current one is being written: the database
 * and the file's encoding work at the same time instead of in turns. Holds at
 * most two batches.
 */
export async function* readingAhead<T>(batches: AsyncIterable<readonly T[]>): AsyncGenerator<readonly T[]> {
  const iterator = batches[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    while (true) {
      const current = await next;
      if (current.done) return;
      next = iterator.next();
      // A failure of the read ahead surfaces when its turn comes, not as an unhandled rejection.
      next.catch(() => {});
      yield current.value;
    }
  } finally {
    await iterator.return?.();
  }
}
