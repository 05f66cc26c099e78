import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { isoToday, MESSAGES } from '@red-dental/contracts';
import { ErrorList, isBlankRecord, openCsvRecords } from '../../lib/csv-records.ts';
import type { CsvFile } from '../../lib/csv-sniffer.ts';
import { badRequest } from '../../lib/errors.ts';
import * as repo from './afiliados-import.repository.ts';
import { type CsvColumns, type ImportPlanes, mapHeader, validateRecord } from './csv-rows.ts';

/*
 * The import's first pass, outside any transaction: the uploaded file read
 * record by record and its valid rows written as staging lines to a second
 * file, which the transaction then loads with COPY.
 */

/** Staging lines per write to the staging file: fewer, larger writes; memory stays flat. */
const LINES_PER_WRITE = 2000;

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
export async function parseToStaging(
  upload: CsvFile,
  stagingPath: string,
  planes: ImportPlanes,
): Promise<ParseOutcome> {
  const { records, skipped, close } = await openCsvRecords(upload);
  const errors = new ErrorList();
  const out = createWriteStream(stagingPath);
  let columns: CsvColumns | undefined;
  // Birth dates are bounded by the day the import started, computed once rather than per row.
  const today = isoToday();
  let pending = '';
  let rows = 0;
  try {
    for await (const { line, fields } of records) {
      if (isBlankRecord(fields)) continue;
      if (!columns) {
        columns = mapHeader(fields);
        if (columns.documento === undefined)
          throw badRequest(MESSAGES.csv.NO_DOCUMENTO_COLUMN, { file: MESSAGES.csv.NO_DOCUMENTO_COLUMN });
        if (columns.nombre === undefined && columns.apellido === undefined)
          throw badRequest(MESSAGES.csv.NO_NOMBRE_COLUMN, { file: MESSAGES.csv.NO_NOMBRE_COLUMN });
        continue;
      }
      const result = validateRecord(line, fields, columns, today, planes);
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
    close();
    out.end();
    await once(out, 'close');
  }
  if (!columns) throw badRequest(MESSAGES.csv.EMPTY, { file: MESSAGES.csv.EMPTY });
  if (rows === 0 && errors.total === 0 && skipped.total === 0)
    throw badRequest(MESSAGES.csv.HEADER_ONLY, { file: MESSAGES.csv.HEADER_ONLY });
  return { rows, errors, skipped };
}
