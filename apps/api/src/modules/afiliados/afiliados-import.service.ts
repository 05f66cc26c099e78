import path from 'node:path';
import {
  ERROR_CODES,
  IMPORT_ERRORS_LIMIT,
  IMPORT_NAMES_LIMIT,
  type ImportAfiliado,
  type ImportMissingPermission,
  type ImportMovedAfiliado,
  type ImportResult,
  importMissingPermissionsMessage,
  MESSAGES,
  PERMISSIONS,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { setLocalStatementTimeout, type Tx } from '../../db/client.ts';
import { ErrorList, mergeErrors } from '../../lib/csv-records.ts';
import type { CsvFile } from '../../lib/csv-sniffer.ts';
import { AppError, badRequest, forbidden, isForeignKeyViolation } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { metrics } from '../../plugins/metrics.ts';
import { recordAudit, recordAuditEach } from '../auditoria/auditoria.repository.ts';
import * as obrasSociales from '../obras-sociales/obras-sociales.repository.ts';
import * as planesRepo from '../planes/planes.repository.ts';
import * as repo from './afiliados-import.repository.ts';
import { parseToStaging } from './csv-staging.ts';

/** How long the import's statements may run (a million-row file takes minutes on a small server). */
const IMPORT_STATEMENT_TIMEOUT_SECONDS = 30 * 60;

type Deps = Pick<FastifyInstance, 'db'>;

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
  // The lines' plans are the insurer's, by the code on the card.
  const planes = {
    obraSocial: obraSocialNombre,
    byCodigo: await planesRepo.findIdsByCodigo(deps.db, obraSocialId),
  };
  const parsed = await parseToStaging(file, stagingPath, planes);
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
    // A plan the file names was deleted while the file was read: nothing was written.
    if (isForeignKeyViolation(error, 'afiliados_plan_fk'))
      throw badRequest(MESSAGES.csv.PLAN_GONE, { file: MESSAGES.csv.PLAN_GONE });
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
