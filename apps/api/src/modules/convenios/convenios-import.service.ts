import { type ArancelesImportResult, ERROR_CODES, MESSAGES, networkClock } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { ErrorList, isBlankRecord, mapColumns, mergeErrors, openCsvRecords } from '../../lib/csv-records.ts';
import type { CsvFile } from '../../lib/csv-sniffer.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import { Deshacer, deshaciendo, leerVigente, simular } from '../cierre/simulacion.ts';
import * as nomenclador from '../nomenclador/nomenclador.repository.ts';
import * as repo from './convenios.repository.ts';
import {
  ARANCEL_ALIASES,
  ARANCEL_COLUMN_NAMES,
  type ArancelField,
  type ArancelRow,
  type ConvenioBounds,
  planFees,
  REQUIRED_ARANCEL_COLUMNS,
  validateArancelRecord,
} from './convenios-csv.ts';
import * as importRepo from './convenios-import.repository.ts';

const M = MESSAGES.convenios;

type Deps = Pick<FastifyInstance, 'db'>;

/** More fees than a contract holds: a file past it is not a fee table. */
const MAX_ARANCELES = 50_000;

/** The file's records, checked line by line against the code table and the contract's dates. */
async function readAranceles(
  deps: Deps,
  file: CsvFile,
  convenio: ConvenioBounds,
): Promise<{ rows: ArancelRow[]; errors: ErrorList; skipped: ErrorList }> {
  const { records, skipped, close } = await openCsvRecords(file);
  const errors = new ErrorList();
  const pending: { line: number; fields: string[] }[] = [];
  let columns: Partial<Record<ArancelField, number>> | undefined;
  try {
    for await (const { line, fields } of records) {
      if (isBlankRecord(fields)) continue;
      if (!columns) {
        columns = mapColumns(fields, ARANCEL_ALIASES);
        const missing = REQUIRED_ARANCEL_COLUMNS.filter((c) => columns![c] === undefined).map(
          (c) => ARANCEL_COLUMN_NAMES[c],
        );
        if (missing.length)
          throw badRequest(M.MISSING_COLUMNS(missing), { file: M.MISSING_COLUMNS(missing) });
        continue;
      }
      if (pending.length >= MAX_ARANCELES) {
        const message = M.TOO_MANY(MAX_ARANCELES.toLocaleString('es-AR'));
        throw badRequest(message, { file: message });
      }
      pending.push({ line, fields });
    }
  } finally {
    close();
  }
  if (!columns) throw badRequest(MESSAGES.csv.EMPTY, { file: MESSAGES.csv.EMPTY });
  if (pending.length === 0 && skipped.total === 0) throw badRequest(M.HEADER_ONLY, { file: M.HEADER_ONLY });
  // The codes the file names, looked up at once.
  const codigoColumn = columns.codigo!;
  const codigoIds = await nomenclador.findIdsByCodigo(deps.db, [
    ...new Set(pending.map((p) => (p.fields[codigoColumn] ?? '').trim())),
  ]);
  const rows: ArancelRow[] = [];
  for (const { line, fields } of pending) {
    const result = validateArancelRecord(line, fields, columns, codigoIds, convenio);
    if ('error' in result) errors.add(line, result.error);
    else rows.push(result.row);
  }
  return { rows, errors, skipped };
}

/**
 * Imports a contract's fees: the preview (`dryRun`) says what the file does
 * to the fees there are (new versions, open ones it closes the day before a
 * new one, versions it replaces) and every refused line; the import writes it
 * whole in one transaction, or nothing while any line is refused.
 */
export async function importAranceles(
  deps: Deps,
  actor: Subject,
  convenioId: number,
  file: CsvFile,
  options: { dryRun: boolean; simular?: boolean },
): Promise<ArancelesImportResult> {
  const convenio = await repo.findById(deps.db, convenioId);
  if (!convenio) throw notFound(M.NOT_FOUND);
  if (file.bytes === 0) throw badRequest(MESSAGES.csv.EMPTY, { file: MESSAGES.csv.EMPTY });
  if (file.isBinary) throw new AppError(415, MESSAGES.csv.NOT_TEXT, ERROR_CODES.UNSUPPORTED_MEDIA);
  const { rows, errors, skipped } = await readAranceles(deps, file, convenio);
  return deshaciendo(() =>
    deps.db.transaction(async (tx) => {
      // One import of a contract's fees at a time: two would each plan against the other's absence. A
      // simulation is rolled back and changes nothing: it takes no lock, which would hold the
      // insurer's visits at the chair for the seconds the replay takes.
      if (!options.simular) await repo.lockObraSocial(tx, convenio.obraSocial.id);
      const vigente = options.simular ? await leerVigente(tx, { convenioId }) : undefined;
      const plan = planFees(rows, await importRepo.findVersions(tx, convenioId));
      const { errors: items, errorCount } = mergeErrors([
        errors,
        skipped,
        { items: plan.errors, total: plan.errors.length },
      ]);
      const result: ArancelesImportResult = {
        dryRun: options.dryRun || Boolean(options.simular),
        count: rows.length,
        created: plan.inserts.length,
        closed: plan.closes.length,
        replaced: plan.replaces.length,
        unchanged: plan.unchanged,
        errors: items,
        errorCount,
      };
      if (options.dryRun && !vigente) return result;
      if (errorCount > 0) {
        if (vigente) return result;
        const message = M.HAS_ERRORS(errorCount.toLocaleString('es-AR'));
        throw badRequest(message, { file: message });
      }
      for (const close of plan.closes) await importRepo.closeVersion(tx, close.id, close.vigenteHasta);
      for (const { id, ...values } of plan.replaces) await importRepo.replaceVersion(tx, id, values);
      await importRepo.insertVersions(tx, convenioId, plan.inserts);
      if (vigente)
        throw new Deshacer({
          ...result,
          simulacion: await simular(tx, { convenioId }, vigente, networkClock(new Date()).date),
        });
      await recordAudit(tx, actor, {
        action: 'import',
        entity: 'convenio',
        entityId: convenioId,
        details: {
          archivo: file.fileName,
          count: result.count,
          created: result.created,
          closed: result.closed,
          replaced: result.replaced,
          unchanged: result.unchanged,
        },
      });
      return result;
    }),
  );
}
