import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Transform } from 'node:stream';
import { IMPORT_ERRORS_LIMIT, type ImportRowError, isoToday, MESSAGES } from '@red-dental/contracts';
import { type Options, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { badRequest } from '../../lib/errors.ts';
import * as repo from './afiliados-import.repository.ts';
import { type CsvColumns, isBlankRecord, mapHeader, validateRecord } from './csv-rows.ts';
import type { CsvFile } from './csv-sniffer.ts';

/*
 * The import's first pass, outside any transaction: the uploaded file read
 * record by record and its valid rows written as staging lines to a second
 * file, which the transaction then loads with COPY.
 */

/** Staging lines per write to the staging file: fewer, larger writes; memory stays flat. */
const LINES_PER_WRITE = 2000;
/** A record longer than this is a broken file (an unclosed quote swallowing the rest), not an affiliate. */
const MAX_RECORD_CHARS = 64 * 1024;

/** Errors kept in order of line, at most IMPORT_ERRORS_LIMIT, counting every one. */
export class ErrorList {
  readonly items: ImportRowError[] = [];
  total = 0;
  add(line: number, message: string) {
    this.total += 1;
    if (this.items.length < IMPORT_ERRORS_LIMIT) this.items.push({ line, message });
  }
}

/** `,`, `;` or tab: whichever appears most (outside quotes) in the first line; `,` on a tie. */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const c of firstLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

async function readFirstLine(file: string, encoding: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const text = iconv.decode(buffer.subarray(0, bytesRead), encoding);
    return text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  } finally {
    await handle.close();
  }
}

interface ParseOutcome {
  rows: number;
  errors: ErrorList;
  skipped: ErrorList;
}

async function write(out: WriteStream, text: string) {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * First pass, outside any transaction: decode, parse record by record,
 * validate, and write the valid rows as staging lines (COPY text) to a second
 * temporary file. A file without a documento column is refused here, before
 * any write.
 */
export async function parseToStaging(upload: CsvFile, stagingPath: string): Promise<ParseOutcome> {
  const encoding = upload.isUtf8 ? 'utf8' : 'win1252';
  const delimiter = detectDelimiter(await readFirstLine(upload.path, encoding));
  const errors = new ErrorList();
  const skipped = new ErrorList();
  // Line bookkeeping runs in the parser's own callbacks, in file order: a record starts one line
  // after the previous one ended, plus any blank lines in between.
  let previousEnd = 0;
  let previousEmpty = 0;
  const options: Options<{ line: number; fields: string[] }, string[]> = {
    delimiter,
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_CHARS,
    on_record: (record, context) => {
      const line = previousEnd + 1 + (context.empty_lines - previousEmpty);
      previousEnd = context.lines;
      previousEmpty = context.empty_lines;
      return { line, fields: record as string[] };
    },
    on_skip: (error) => {
      skipped.add(previousEnd + 1, MESSAGES.csv.ROW_BAD_CSV);
      previousEnd = typeof error?.lines === 'number' ? error.lines : previousEnd + 1;
      previousEmpty = typeof error?.empty_lines === 'number' ? error.empty_lines : previousEmpty;
      return undefined;
    },
  };
  // The typings tie on_record to the `columns` option; the parser itself accepts any record shape.
  const parser = parse(options as unknown as Options);
  const source = createReadStream(upload.path).pipe(iconv.decodeStream(encoding) as unknown as Transform);
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  const out = createWriteStream(stagingPath);
  let columns: CsvColumns | undefined;
  // Birth dates are bounded by the day the import started, computed once rather than per row.
  const today = isoToday();
  let pending = '';
  let rows = 0;
  try {
    for await (const record of parser) {
      const { line, fields } = record as { line: number; fields: string[] };
      if (isBlankRecord(fields)) continue;
      if (!columns) {
        columns = mapHeader(fields);
        if (columns.documento === undefined)
          throw badRequest(MESSAGES.csv.NO_DOCUMENTO_COLUMN, { file: MESSAGES.csv.NO_DOCUMENTO_COLUMN });
        if (columns.nombre === undefined && columns.apellido === undefined)
          throw badRequest(MESSAGES.csv.NO_NOMBRE_COLUMN, { file: MESSAGES.csv.NO_NOMBRE_COLUMN });
        continue;
      }
      const result = validateRecord(line, fields, columns, today);
      if ('error' in result) {
        errors.add(line, result.error);
        continue;
      }
      pending += repo.stagingLine(result.row);
      rows += 1;
      if (rows % LINES_PER_WRITE === 0) {
        await write(out, pending);
        pending = '';
      }
    }
    if (pending) await write(out, pending);
  } finally {
    source.destroy();
    out.end();
    await once(out, 'close');
  }
  if (!columns) throw badRequest(MESSAGES.csv.EMPTY, { file: MESSAGES.csv.EMPTY });
  if (rows === 0 && errors.total === 0 && skipped.total === 0)
    throw badRequest(MESSAGES.csv.HEADER_ONLY, { file: MESSAGES.csv.HEADER_ONLY });
  return { rows, errors, skipped };
}
