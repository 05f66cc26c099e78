import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Transform } from 'node:stream';
import {
  ERROR_CODES,
  IMPORT_ERRORS_LIMIT,
  IMPORT_NAMES_LIMIT,
  type ImportAfiliado,
  type ImportMissingPermission,
  type ImportMovedAfiliado,
  type ImportResult,
  type ImportRowError,
  importMissingPermissionsMessage,
  isoToday,
  MESSAGES,
  PERMISSIONS,
} from '@red-dental/contracts';
import { type Options, parse } from 'csv-parse';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';
import { setLocalStatementTimeout, type Tx } from '../../db/client.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { metrics } from '../../plugins/metrics.ts';
import { recordAudit, recordAuditEach } from '../audit/audit.repository.ts';
import * as obrasSociales from '../obras-sociales/obras-sociales.repository.ts';
import * as repo from './afiliados-import.repository.ts';
import { type CsvColumns, isBlankRecord, mapHeader, validateRecord } from './csv-rows.ts';
import type { CsvFile } from './csv-sniffer.ts';

/** How long the import's statements may run (a million-row file takes minutes on a small server). */
const IMPORT_STATEMENT_TIMEOUT_SECONDS = 30 * 60;

type Deps = Pick<FastifyInstance, 'db'>;

/** Staging lines per write to the staging file: fewer, larger writes; memory stays flat. */
const LINES_PER_WRITE = 2000;
/** A record longer than this is a broken file (an unclosed quote swallowing the rest), not an affiliate. */
const MAX_RECORD_CHARS = 64 * 1024;

/** Errors kept in order of line, at most IMPORT_ERRORS_LIMIT, counting every one. */
class ErrorList {
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
async function parseToStaging(upload: CsvFile, stagingPath: string): Promise<ParseOutcome> {
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

/** Thrown inside the transaction to undo a dry run once its figures are known. */
interface TransactionOutcome {
  total: number;
  created: number;
  updated: number;
  reactivated: number;
  deactivated: number;
  deactivatedAfiliados: ImportAfiliado[];
  moved: number;
  movedAfiliados: ImportMovedAfiliado[];
  duplicates: ErrorList;
  missingPermissions: ImportMissingPermission[];
}

class DryRunRollback extends Error {
  constructor(readonly result: TransactionOutcome) {
    super('dry run');
  }
}

/** The first IMPORT_ERRORS_LIMIT errors of several line-ordered lists, in line order. */
function mergeErrors(lists: ErrorList[]) {
  const items = lists
    .flatMap((l) => l.items)
    .sort((a, b) => a.line - b.line)
    .slice(0, IMPORT_ERRORS_LIMIT);
  return { errors: items, errorCount: lists.reduce((n, l) => n + l.total, 0) };
}

/**
 * Importing is AFILIADOS.CREATE (the route's guard); what the file does
 * beyond creating needs what doing it by hand needs: changing an existing
 * affiliate's data AFILIADOS.UPDATE, bringing back one de baja
 * AFILIADOS.DELETE. Answers those the caller lacks, with the lines that need them.
 */
async function findMissingPermissions(
  tx: Tx,
  actor: Subject,
  obraSocialId: number,
  stats: { changed: number; reactivated: number },
): Promise<ImportMissingPermission[]> {
  const needed = [
    { permission: PERMISSIONS.AFILIADOS_UPDATE, count: stats.changed, what: 'changes' },
    { permission: PERMISSIONS.AFILIADOS_DELETE, count: stats.reactivated, what: 'reactivations' },
  ] as const;
  const missing: ImportMissingPermission[] = [];
  for (const { permission, count, what } of needed)
    if (count > 0 && !actor.permissions.has(permission))
      missing.push({
        permission,
        count,
        lines: await repo.findLines(tx, obraSocialId, what, IMPORT_ERRORS_LIMIT),
      });
  return missing;
}

/**
 * `dryRun`: count, write nothing. `bajaAusentes`: the file is the insurer's
 * whole roster, so its active affiliates missing from it are given de baja.
 */
interface ImportOptions {
  dryRun: boolean;
  bajaAusentes?: boolean;
}

/**
 * CSV import (decisions 021, 022 and 075). Parsing and validation happen before the
 * transaction; the transaction only loads the prepared rows into a staging
 * table and upserts them in one statement, so an import lands whole or not at
 * all and holds the database (PGlite has one connection) only while writing.
 */
export async function importCsv(
  deps: Deps,
  actor: Subject,
  input: { obraSocialId: number; file: CsvFile },
  options: ImportOptions,
): Promise<ImportResult> {
  const importing = metrics.imports.startTimer();
  try {
    const result = await runImport(deps, actor, input, options);
    importing({ result: options.dryRun ? 'dry_run' : 'imported' });
    return result;
  } catch (error) {
    importing({ result: 'failed' });
    throw error;
  }
}

async function runImport(
  deps: Deps,
  actor: Subject,
  input: { obraSocialId: number; file: CsvFile },
  options: ImportOptions,
): Promise<ImportResult> {
  const { obraSocialId, file } = input;
  if (file.bytes === 0) throw badRequest(MESSAGES.csv.EMPTY, { file: MESSAGES.csv.EMPTY });
  if (file.isBinary) throw new AppError(415, MESSAGES.csv.NOT_TEXT, ERROR_CODES.UNSUPPORTED_MEDIA);
  const obraSocialNombre = await obrasSociales.findNombre(deps.db, obraSocialId);
  if (obraSocialNombre === undefined)
    throw badRequest(MESSAGES.afiliados.OBRA_SOCIAL_UNKNOWN, {
      obraSocialId: MESSAGES.afiliados.OBRA_SOCIAL_UNKNOWN,
    });

  const stagingPath = path.join(path.dirname(file.path), 'staging.tsv');
  const parsed = await parseToStaging(file, stagingPath);
  // A row refused by validation is not in the staging table: its affiliate would be taken for absent.
  const rosterIncomplete = parsed.errors.total + parsed.skipped.total > 0;
  if (options.bajaAusentes && rosterIncomplete && !options.dryRun)
    throw badRequest(MESSAGES.csv.BAJA_WITH_ERRORS, { file: MESSAGES.csv.BAJA_WITH_ERRORS });

  let outcome: TransactionOutcome;
  try {
    outcome = await deps.db.transaction(async (tx) => {
      // A 100,000-row file takes longer than the statement timeout every request has.
      await setLocalStatementTimeout(tx, IMPORT_STATEMENT_TIMEOUT_SECONDS);
      await repo.createStaging(tx);
      await repo.loadStaging(tx, stagingPath);

      const found = await repo.findDuplicates(tx, IMPORT_ERRORS_LIMIT);
      const duplicates = new ErrorList();
      for (const d of found.rows) duplicates.add(d.line, MESSAGES.csv.ROW_DUPLICATE(d.firstLine));
      duplicates.total = found.total;
      // A repeated line is listed among the errors too: the roster is to be fixed before it gives anyone de baja.
      if (options.bajaAusentes && !options.dryRun && found.total > 0)
        throw badRequest(MESSAGES.csv.BAJA_WITH_ERRORS, { file: MESSAGES.csv.BAJA_WITH_ERRORS });
      if (found.total > 0) await repo.deleteDuplicates(tx);
      await repo.fillTipoFromExisting(tx);
      const stats = await repo.computeStats(tx, obraSocialId);
      const missingPermissions = await findMissingPermissions(tx, actor, obraSocialId, stats);
      // Who the file gives de baja or moves from another insurer is named, the first few by name, before
      // anything changes; the counts say how many in all.
      const named = {
        deactivatedAfiliados: options.bajaAusentes
          ? await repo.findAusentes(tx, obraSocialId, IMPORT_NAMES_LIMIT)
          : [],
        movedAfiliados: stats.moved > 0 ? await repo.findMoved(tx, obraSocialId, IMPORT_NAMES_LIMIT) : [],
      };
      if (options.dryRun) {
        const deactivated = options.bajaAusentes ? await repo.countAusentes(tx, obraSocialId) : 0;
        throw new DryRunRollback({ ...stats, ...named, deactivated, duplicates, missingPermissions });
      }
      if (missingPermissions.length > 0) throw forbidden(importMissingPermissionsMessage(missingPermissions));

      // Each affiliate given de baja or moved to this insurer gets an entry of their own, as a change by
      // hand does, saying which file did it and what their insurer was.
      const byImport = { archivo: file.fileName, obraSocialId, obraSocial: obraSocialNombre };
      if (options.bajaAusentes)
        await recordAuditEach(
          tx,
          actor,
          { action: 'deactivate', entity: 'afiliado', details: byImport },
          repo.ausentesForAudit(obraSocialId),
        );
      const deactivated = options.bajaAusentes ? await repo.darDeBajaAusentes(tx, obraSocialId) : 0;
      if (stats.moved > 0)
        await recordAuditEach(
          tx,
          actor,
          { action: 'update', entity: 'afiliado', details: byImport },
          repo.movedForAudit(obraSocialId),
        );
      const reactivatedIds = stats.reactivated > 0 ? await repo.findReactivated(tx) : [];
      await repo.upsertFromStaging(tx, obraSocialId);
      // Each affiliate brought back is told so among the accesses to their data, as a reactivation by hand is.
      if (reactivatedIds.length > 0)
        await recordAudit(tx, actor, {
          action: 'reactivate',
          entity: 'afiliado',
          details: { obraSocialId, archivo: file.fileName, count: reactivatedIds.length },
          afiliadoIds: reactivatedIds,
        });
      await recordAudit(tx, actor, {
        action: 'import',
        entity: 'afiliado',
        details: {
          obraSocialId,
          obraSocial: obraSocialNombre,
          archivo: file.fileName,
          count: stats.total,
          created: stats.created,
          updated: stats.updated,
          reactivated: stats.reactivated,
          deactivated,
          moved: stats.moved,
          errorCount: parsed.errors.total + parsed.skipped.total + found.total,
        },
      });
      return { ...stats, ...named, deactivated, duplicates, missingPermissions: [] };
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
    outcome = error.result;
  }

  return {
    obraSocial: { id: obraSocialId, nombre: obraSocialNombre },
    count: outcome.total,
    created: outcome.created,
    updated: outcome.updated,
    reactivated: outcome.reactivated,
    deactivated: outcome.deactivated,
    deactivatedAfiliados: outcome.deactivatedAfiliados,
    moved: outcome.moved,
    movedAfiliados: outcome.movedAfiliados,
    ...mergeErrors([parsed.errors, parsed.skipped, outcome.duplicates]),
    missingPermissions: outcome.missingPermissions,
    dryRun: options.dryRun,
  };
}
