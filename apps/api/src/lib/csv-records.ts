import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Transform } from 'node:stream';
import { IMPORT_ERRORS_LIMIT, type ImportRowError, MESSAGES } from '@red-dental/contracts';
import { type Options, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import type { CsvFile } from './csv-sniffer.ts';

/*
 * Every CSV import reads its upload the same way: UTF-8 or Windows-1252 (as
 * the sniffer found), `,`, `;` or tab (whichever the header uses), quotes
 * forgiven, blank lines skipped, and each record numbered by the line of the
 * file where it starts, which is what line errors name.
 */

/** A record longer than this is a broken file (an unclosed quote swallowing the rest), not a row. */
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

/** The refused lines of several lists in line order, cut at IMPORT_ERRORS_LIMIT; and how many in all. */
export function mergeErrors(lists: readonly { items: readonly ImportRowError[]; total: number }[]) {
  const items = lists
    .flatMap((l) => l.items)
    .sort((a, b) => a.line - b.line)
    .slice(0, IMPORT_ERRORS_LIMIT);
  return { errors: items, errorCount: lists.reduce((n, l) => n + l.total, 0) };
}

/** Header names folded: no case, accents, spaces, underscores, dots or other signs ("Nº de Documento" → "ndedocumento"). */
export function headerKey(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Column index of each field whose folded aliases a header name matches; the first match wins, others are ignored. */
export function mapColumns<F extends string>(
  header: readonly string[],
  aliases: Record<F, readonly string[]>,
): Partial<Record<F, number>> {
  const columns: Partial<Record<F, number>> = {};
  header.forEach((name, index) => {
    const key = headerKey(name);
    for (const [field, names] of Object.entries(aliases) as [F, readonly string[]][])
      if (columns[field] === undefined && names.includes(key)) columns[field] = index;
  });
  return columns;
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

/** One record of the file: the line where it starts and its cells as written. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A record whose every cell is blank (spreadsheets leave ";;;;" lines at the end) is no record at all. */
export const isBlankRecord = (fields: readonly string[]) => fields.every((f) => f.trim() === '');

/**
 * The upload's records in file order, read as a stream (never whole in
 * memory), and the lines that are not valid CSV (an unbalanced quote), each
 * skipped with ROW_BAD_CSV. `close` stops reading early.
 */
export async function openCsvRecords(
  upload: CsvFile,
): Promise<{ records: AsyncIterable<CsvRecord>; skipped: ErrorList; close: () => void }> {
  const encoding = upload.isUtf8 ? 'utf8' : 'win1252';
  const delimiter = detectDelimiter(await readFirstLine(upload.path, encoding));
  const skipped = new ErrorList();
  // Line bookkeeping runs in the parser's own callbacks, in file order: a record starts one line
  // after the previous one ended, plus any blank lines in between.
  let previousEnd = 0;
  let previousEmpty = 0;
  const options: Options<CsvRecord, string[]> = {
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
  return {
    records: parser as AsyncIterable<CsvRecord>,
    skipped,
    close: () => source.destroy(),
  };
}
