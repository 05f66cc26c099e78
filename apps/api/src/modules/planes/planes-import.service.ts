import {
  ERROR_CODES,
  formatFecha,
  MESSAGES,
  networkClock,
  type ReglasCsvColumn,
  type ReglasImportResult,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { ErrorList, isBlankRecord, mapColumns, mergeErrors, openCsvRecords } from '../../lib/csv-records.ts';
import type { CsvFile } from '../../lib/csv-sniffer.ts';
import { type DatedLine, planVersions } from '../../lib/dated-versions.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import { Deshacer, deshaciendo, leerVigente, simular } from '../cierre/simulacion.ts';
import * as planes from './planes.repository.ts';
import { REGLA_ALIASES, REQUIRED_REGLA_COLUMNS, type ReglaLine, validateReglaRecord } from './planes-csv.ts';
import * as repo from './planes-reglas.repository.ts';
import { targetOf } from './planes-reglas.service.ts';

const M = MESSAGES.planes;

type Deps = Pick<FastifyInstance, 'db'>;

/** More rules than a plan holds in all its years: a file past it is not a plan's rules. */
const MAX_REGLAS = 20_000;

/** The file's records, checked line by line. */
async function readReglas(file: CsvFile) {
  const { records, skipped, close } = await openCsvRecords(file);
  const errors = new ErrorList();
  const rows: ReglaLine[] = [];
  let columns: Partial<Record<ReglasCsvColumn, number>> | undefined;
  let lines = 0;
  try {
    for await (const { line, fields } of records) {
      if (isBlankRecord(fields)) continue;
      if (!columns) {
        columns = mapColumns(fields, REGLA_ALIASES);
        const missing = REQUIRED_REGLA_COLUMNS.filter((c) => columns![c] === undefined);
        if (missing.length)
          throw badRequest(M.MISSING_COLUMNS(missing), { file: M.MISSING_COLUMNS(missing) });
        continue;
      }
      if (++lines > MAX_REGLAS) {
        const message = M.TOO_MANY(MAX_REGLAS.toLocaleString('es-AR'));
        throw badRequest(message, { file: message });
      }
      const result = validateReglaRecord(line, fields, columns);
      if ('error' in result) errors.add(line, result.error);
      else rows.push(result.row);
    }
  } finally {
    close();
  }
  if (!columns) throw badRequest(MESSAGES.csv.EMPTY, { file: MESSAGES.csv.EMPTY });
  if (lines === 0 && skipped.total === 0) throw badRequest(M.HEADER_ONLY, { file: M.HEADER_ONLY });
  return { rows, errors, skipped };
}

/** A rule's terms and target in one comparable value; its days apart. */
type Terms = Omit<repo.ReglaColumns, 'vigenteDesde' | 'vigenteHasta'>;
const sameTerms = (a: Terms, b: Terms) =>
  (Object.keys(a) as (keyof Terms)[]).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
const termsOf = ({ vigenteDesde: _d, vigenteHasta: _h, ...rest }: repo.ReglaColumns): Terms => rest;

/**
 * Imports a plan's rules: the preview (`dryRun`) says what the file does to
 * the versions there are (new ones, open ones it ends the day before a new
 * one of the same target, versions it replaces) and every refused line; the
 * import writes it whole in one transaction, or nothing while any line is refused.
 */
export async function importReglas(
  deps: Deps,
  actor: Subject,
  planId: number,
  file: CsvFile,
  options: { dryRun: boolean; simular?: boolean },
): Promise<ReglasImportResult> {
  const plan = await planes.findById(deps.db, planId);
  if (!plan) throw notFound(M.NOT_FOUND);
  if (file.bytes === 0) throw badRequest(MESSAGES.csv.EMPTY, { file: MESSAGES.csv.EMPTY });
  if (file.isBinary) throw new AppError(415, MESSAGES.csv.NOT_TEXT, ERROR_CODES.UNSUPPORTED_MEDIA);
  const { rows, errors, skipped } = await readReglas(file);
  const targets = await repo.findTargets(
    deps.db,
    rows.map((r) => r.objetivo),
  );
  const lines: DatedLine<Terms>[] = [];
  for (const row of rows) {
    const target = targetOf(row.objetivo, targets);
    if ('error' in target) {
      errors.add(row.line, target.error);
      continue;
    }
    const { objetivo: _, ...terms } = row.values;
    const columns = {
      ...terms,
      codigoId: target.codigoId,
      grupoId: target.grupoId,
      capitulo: target.capitulo,
    };
    lines.push({
      line: row.line,
      key: target.clave,
      values: termsOf(columns),
      vigenteDesde: terms.vigenteDesde,
      vigenteHasta: terms.vigenteHasta,
    });
  }
  return deshaciendo(() =>
    deps.db.transaction(async (tx) => {
      // One change to a plan's rules at a time: two would each plan against the other's absence. A
      // simulation is rolled back and changes nothing: it takes no lock, which would hold every visit
      // validated under the plan (its key to the plan's row) for the seconds the replay takes.
      if (!options.simular && !(await planes.lockPlan(tx, planId))) throw notFound(M.NOT_FOUND);
      const vigente = options.simular ? await leerVigente(tx, { planId }) : undefined;
      const kept = (await repo.findVersions(tx, planId)).map((v) => ({
        id: v.id,
        key: v.clave,
        values: termsOf({ ...v.terms, ...v.target }),
        vigenteDesde: v.terms.vigenteDesde,
        vigenteHasta: v.terms.vigenteHasta,
      }));
      const plan = planVersions(lines, kept, {
        same: sameTerms,
        overlapsKept: (desde, hasta) => M.ROW_OVERLAPS(formatFecha(desde), hasta && formatFecha(hasta)),
        overlapsLine: M.ROW_OVERLAPS_LINE,
      });
      const { errors: items, errorCount } = mergeErrors([
        errors,
        skipped,
        { items: plan.errors, total: plan.errors.length },
      ]);
      const result: ReglasImportResult = {
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
      for (const close of plan.closes) await repo.closeVersion(tx, close.id, close.vigenteHasta);
      for (const { id, values, vigenteHasta } of plan.replaces) {
        const current = kept.find((k) => k.id === id)!;
        await repo.update(tx, id, { ...values, vigenteDesde: current.vigenteDesde, vigenteHasta });
      }
      await repo.insertMany(
        tx,
        planId,
        plan.inserts.map((i) => ({
          ...i.values,
          vigenteDesde: i.vigenteDesde,
          vigenteHasta: i.vigenteHasta,
        })),
      );
      if (vigente)
        throw new Deshacer({
          ...result,
          simulacion: await simular(tx, { planId }, vigente, networkClock(new Date()).date),
        });
      await recordAudit(tx, actor, {
        action: 'import',
        entity: 'plan',
        entityId: planId,
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
