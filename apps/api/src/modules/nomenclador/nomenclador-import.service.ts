import {
  ERROR_CODES,
  type ImportRowError,
  MESSAGES,
  type NomencladorImportResult,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { ErrorList, isBlankRecord, mapColumns, mergeErrors, openCsvRecords } from '../../lib/csv-records.ts';
import type { CsvFile } from '../../lib/csv-sniffer.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import {
  CODIGO_ALIASES,
  COLUMN_NAMES,
  type CodigoField,
  type CodigoRow,
  REQUIRED_COLUMNS,
  validateCodigoRecord,
} from './nomenclador-csv.ts';
import * as repo from './nomenclador-import.repository.ts';

const M = MESSAGES.nomenclador;

type Deps = Pick<FastifyInstance, 'db'>;

/** More codes than any network's table: a file past it is not a code table. */
const MAX_CODIGOS = 50_000;

/** Columns a file may leave out: a code already in the table then keeps what it has. */
const KEPT_WHEN_ABSENT = ['norma', 'denticion', 'unidades'] as const;
type KeptField = (typeof KEPT_WHEN_ABSENT)[number];

/**
 * The file's valid codes, in file order, its refused lines (bad CSV among
 * them, all in line order) and which of the columns a file may leave out it
 * has; refused before anything when its header lacks a needed column.
 */
async function readCodigos(file: CsvFile): Promise<{
  rows: CodigoRow[];
  errors: { items: ImportRowError[]; total: number };
  present: Set<KeptField>;
}> {
  const { records, skipped, close } = await openCsvRecords(file);
  const errors = new ErrorList();
  const rows: CodigoRow[] = [];
  const firstLine = new Map<string, number>();
  let columns: Partial<Record<CodigoField, number>> | undefined;
  const present = new Set<KeptField>();
  try {
    for await (const { line, fields } of records) {
      if (isBlankRecord(fields)) continue;
      if (!columns) {
        columns = mapColumns(fields, CODIGO_ALIASES);
        const missing = REQUIRED_COLUMNS.filter((c) => columns![c] === undefined).map((c) => COLUMN_NAMES[c]);
        if (missing.length)
          throw badRequest(M.MISSING_COLUMNS(missing), { file: M.MISSING_COLUMNS(missing) });
        for (const field of KEPT_WHEN_ABSENT) if (columns[field] !== undefined) present.add(field);
        continue;
      }
      if (rows.length >= MAX_CODIGOS) {
        const message = M.TOO_MANY(MAX_CODIGOS.toLocaleString('es-AR'));
        throw badRequest(message, { file: message });
      }
      const result = validateCodigoRecord(fields, columns);
      if ('error' in result) {
        errors.add(line, result.error);
        continue;
      }
      const seen = firstLine.get(result.row.codigo);
      if (seen !== undefined) {
        errors.add(line, M.ROW_DUPLICATE(seen));
        continue;
      }
      firstLine.set(result.row.codigo, line);
      rows.push(result.row);
    }
  } finally {
    close();
  }
  if (!columns) throw badRequest(MESSAGES.csv.EMPTY, { file: MESSAGES.csv.EMPTY });
  if (rows.length === 0 && errors.total === 0 && skipped.total === 0)
    throw badRequest(M.HEADER_ONLY, { file: M.HEADER_ONLY });
  // Lines with bad quoting are errors like any other: both lists merged in line order, then cut.
  const { errors: items, errorCount } = mergeErrors([errors, skipped]);
  return { rows, errors: { items, total: errorCount }, present };
}

/** Whether the file's line says what the table already holds, on the columns the file has. */
const same = (a: CodigoRow, b: CodigoRow, present: Set<KeptField>) =>
  a.capitulo === b.capitulo &&
  a.nombre === b.nombre &&
  a.area === b.area &&
  a.carasMin === b.carasMin &&
  a.carasMax === b.carasMax &&
  KEPT_WHEN_ABSENT.every((field) => !present.has(field) || a[field] === b[field]);

/**
 * Imports a code table: every line checked first; the preview (`dryRun`)
 * counts new, changed and unchanged codes and lists the refused lines; the
 * import itself loads the whole file in one transaction, or nothing when any
 * line is refused. Codes are matched by their code; none is ever deleted (a
 * code a line of the past used stays), and a column the file leaves out
 * (norma, denticion, unidades) keeps what an existing code has.
 */
export async function importNomenclador(
  deps: Deps,
  actor: Subject,
  file: CsvFile,
  options: { dryRun: boolean },
): Promise<NomencladorImportResult> {
  if (file.bytes === 0) throw badRequest(MESSAGES.csv.EMPTY, { file: MESSAGES.csv.EMPTY });
  if (file.isBinary) throw new AppError(415, MESSAGES.csv.NOT_TEXT, ERROR_CODES.UNSUPPORTED_MEDIA);
  const { rows, errors, present } = await readCodigos(file);
  if (!options.dryRun && errors.total > 0) {
    const message = M.HAS_ERRORS(errors.total.toLocaleString('es-AR'));
    throw badRequest(message, { file: message });
  }
  return deps.db.transaction(async (tx) => {
    const existing = await repo.findAllForImport(tx);
    let created = 0;
    let updated = 0;
    const changed: CodigoRow[] = [];
    for (const row of rows) {
      const before = existing.get(row.codigo);
      if (!before) created += 1;
      else if (!same(before, row, present)) updated += 1;
      else continue;
      changed.push(row);
    }
    const result = {
      dryRun: options.dryRun,
      count: rows.length,
      created,
      updated,
      unchanged: rows.length - created - updated,
      errors: errors.items,
      errorCount: errors.total,
    };
    if (options.dryRun) return result;
    await repo.upsertCodigos(tx, changed, present);
    await recordAudit(tx, actor, {
      action: 'import',
      entity: 'nomenclador',
      details: { archivo: file.fileName, count: rows.length, created, updated, unchanged: result.unchanged },
    });
    return result;
  });
}
