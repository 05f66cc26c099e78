import {
  addDays,
  type CodigoDebito,
  DEBITOS,
  type DebitosImportResult,
  type DecisionDebito,
  ERROR_CODES,
  formatFecha,
  formatImporte,
  MESSAGES,
  networkClock,
  parseImporte,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { ErrorList, isBlankRecord, mapColumns, mergeErrors, openCsvRecords } from '../../lib/csv-records.ts';
import type { CsvFile } from '../../lib/csv-sniffer.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import { lockFueraDelCierre } from './cierre.repository.ts';
import * as repo from './debitos.repository.ts';

const M = MESSAGES.cierre;

type Deps = Pick<FastifyInstance, 'db'>;

/** More débitos than a lot has lines: past this, the file is not an insurer's débitos. */
const MAX_DEBITOS = 200_000;

const ALIASES = {
  linea: ['linea', 'lineaid', 'idlinea'],
  codigoValidacion: ['codigovalidacion', 'validacion', 'codigodevalidacion'],
  codigo: ['codigo', 'codigoprestacion', 'prestacion'],
  importe: ['importe', 'monto', 'debito'],
  motivo: ['motivo', 'razon', 'causa'],
} as const;
type Campo = keyof typeof ALIASES;

/**
 * Who bears an insurer's débito, by its reason: what the network's own checks
 * should have caught (the affiliate's coverage, the plan's cover, the
 * presentation, the fee) the network absorbs; a guarantee redone by another
 * dentist goes to the dentist whose work it was; the rest to the line's
 * dentist. Without a reason code, staff decide.
 */
const ABSORBE: ReadonlySet<CodigoDebito> = new Set(['D01', 'D02', 'D13', 'D14']);

async function porRegla(
  deps: Deps,
  codigo: CodigoDebito | null,
  l: repo.LineaFacturada,
): Promise<{ decision: DecisionDebito | null; cargoA: number | null }> {
  if (codigo === null) return { decision: null, cargoA: null };
  if (ABSORBE.has(codigo)) return { decision: 'absorbido', cargoA: null };
  if (codigo === 'D04')
    return { decision: 'trasladado', cargoA: (await repo.findAutorAnterior(deps.db, l)) ?? l.profesionalId };
  return { decision: 'trasladado', cargoA: l.profesionalId };
}

/** "D05 falta Rx", "d05": the débito code the reason starts with, if any. */
const codigoDe = (motivo: string): CodigoDebito | null => {
  const m = /^\s*(D\d{2})\b/i.exec(motivo);
  const codigo = m?.[1]?.toUpperCase();
  return codigo && codigo in DEBITOS ? (codigo as CodigoDebito) : null;
};

/**
 * Imports an insurer's débitos on a lot: each line of the file names a line
 * of the lot (its number, or its validation code and, when the visit billed
 * several, its code), an amount up to what the line billed, and the reason.
 * The preview says what would be passed on and absorbed and every refused
 * line; the import writes all of it in one transaction, or nothing.
 */
export async function importDebitos(
  deps: Deps,
  actor: Subject,
  loteId: number,
  file: CsvFile,
  options: { dryRun: boolean },
): Promise<DebitosImportResult> {
  const lote = await repo.findLote(deps.db, loteId);
  if (!lote) throw notFound(M.LOTE_NOT_FOUND);
  if (file.bytes === 0) throw badRequest(MESSAGES.csv.EMPTY, { file: MESSAGES.csv.EMPTY });
  if (file.isBinary) throw new AppError(415, MESSAGES.csv.NOT_TEXT, ERROR_CODES.UNSUPPORTED_MEDIA);

  const facturadas = await repo.findLineasFacturadas(deps.db, loteId);
  const porId = new Map(facturadas.map((l) => [l.lineaId, l]));
  const yaDebitadas = await repo.lineasYaDebitadas(deps.db, loteId);
  const errors = new ErrorList();
  const filas: Parameters<typeof repo.insertDebitos>[4][number][] = [];
  const enArchivo = new Set<number>();
  let columns: Partial<Record<Campo, number>> | undefined;
  const { records, skipped, close } = await openCsvRecords(file);
  try {
    for await (const { line, fields } of records) {
      if (isBlankRecord(fields)) continue;
      if (!columns) {
        columns = mapColumns(fields, ALIASES);
        const missing = [
          ...(columns.linea === undefined && columns.codigoValidacion === undefined
            ? ['linea o codigo_validacion']
            : []),
          ...(columns.importe === undefined ? ['importe'] : []),
          ...(columns.motivo === undefined ? ['motivo'] : []),
        ];
        if (missing.length)
          throw badRequest(M.DEBITOS_MISSING_COLUMNS(missing), { file: M.DEBITOS_MISSING_COLUMNS(missing) });
        continue;
      }
      if (filas.length + errors.total >= MAX_DEBITOS) {
        const message = M.DEBITOS_TOO_MANY(MAX_DEBITOS.toLocaleString('es-AR'));
        throw badRequest(message, { file: message });
      }
      const cell = (c: Campo) => (columns![c] === undefined ? '' : (fields[columns![c]!] ?? '').trim());
      const l = encontrar(cell('linea'), cell('codigoValidacion'), cell('codigo'), facturadas, porId);
      if (typeof l === 'string') {
        errors.add(line, l);
        continue;
      }
      const importe = parseImporte(cell('importe'));
      const motivo = cell('motivo');
      if (importe === undefined || importe <= 0) errors.add(line, M.DEBITO_IMPORTE_INVALID);
      else if (importe > l.facturado) errors.add(line, M.DEBITO_IMPORTE_EXCEDE(formatImporte(l.facturado)));
      else if (!motivo) errors.add(line, M.DEBITO_MOTIVO_REQUIRED);
      else if (yaDebitadas.has(l.lineaId) || enArchivo.has(l.lineaId)) errors.add(line, M.DEBITO_REPETIDO);
      else {
        enArchivo.add(l.lineaId);
        const codigo = codigoDe(motivo);
        filas.push({
          lineaId: l.lineaId,
          importe,
          motivo: motivo.slice(0, 500),
          codigo,
          ...(await porRegla(deps, codigo, l)),
        });
      }
    }
  } finally {
    close();
  }
  if (!columns) throw badRequest(MESSAGES.csv.EMPTY, { file: MESSAGES.csv.EMPTY });
  if (filas.length === 0 && errors.total === 0 && skipped.total === 0)
    throw badRequest(M.DEBITOS_HEADER_ONLY, { file: M.DEBITOS_HEADER_ONLY });
  const { errors: items, errorCount } = mergeErrors([errors, skipped]);
  const result: DebitosImportResult = {
    dryRun: options.dryRun,
    count: filas.length,
    importe: filas.reduce((s, f) => s + f.importe, 0),
    trasladados: filas.filter((f) => f.decision === 'trasladado').length,
    absorbidos: filas.filter((f) => f.decision === 'absorbido').length,
    sinDecidir: filas.filter((f) => f.decision === null).length,
    errors: items,
    errorCount,
  };
  if (options.dryRun) return result;
  if (errorCount > 0) {
    const message = M.DEBITOS_HAS_ERRORS(errorCount.toLocaleString('es-AR'));
    throw badRequest(message, { file: message });
  }
  await deps.db.transaction(async (tx) => {
    await lockFueraDelCierre(tx);
    try {
      await repo.insertDebitos(tx, loteId, file.fileName, actor.id, filas);
      await recordAudit(tx, actor, {
        action: 'import',
        entity: 'lote',
        entityId: loteId,
        details: {
          archivo: file.fileName,
          numeroFactura: lote.numero_factura,
          count: result.count,
          importe: result.importe,
          trasladados: result.trasladados,
          absorbidos: result.absorbidos,
          sinDecidir: result.sinDecidir,
        },
      });
    } catch (error) {
      // Another import of the same lot's file got there first.
      if (isUniqueViolation(error, 'debitos_os_lote_linea_key')) throw conflict(M.DEBITO_REPETIDO);
      throw error;
    }
  });
  return result;
}

/** The lot's line a row of the file names, or why it names none. */
function encontrar(
  linea: string,
  codigoValidacion: string,
  codigo: string,
  facturadas: readonly repo.LineaFacturada[],
  porId: ReadonlyMap<number, repo.LineaFacturada>,
): repo.LineaFacturada | string {
  if (linea) {
    const id = Number(linea);
    return (Number.isSafeInteger(id) && porId.get(id)) || M.DEBITO_LINEA_NOT_IN_LOTE;
  }
  if (!codigoValidacion) return M.DEBITO_LINEA_REQUIRED;
  const cv = codigoValidacion.toUpperCase();
  const deLaAtencion = facturadas.filter(
    (l) => l.codigoValidacion === cv && (!codigo || l.codigo === codigo),
  );
  if (deLaAtencion.length === 0) return M.DEBITO_LINEA_NOT_IN_LOTE;
  if (deLaAtencion.length > 1) return M.DEBITO_LINEA_AMBIGUA;
  return deLaAtencion[0]!;
}

export async function debitos(deps: Deps, loteId: number) {
  if (!(await repo.findLote(deps.db, loteId))) throw notFound(M.LOTE_NOT_FOUND);
  return repo.findDebitos(deps.db, loteId);
}

/** Staff decide a débito by hand (passed on to the line's dentist, or absorbed) until it is settled. */
export async function decidirDebito(
  deps: Deps,
  caller: Subject,
  loteId: number,
  id: number,
  decision: DecisionDebito,
) {
  await deps.db.transaction(async (tx) => {
    await lockFueraDelCierre(tx);
    const d = await repo.findDebito(tx, loteId, id);
    if (!d) throw notFound(M.DEBITO_NOT_FOUND);
    if (d.liquidado) throw conflict(M.DEBITO_LIQUIDADO);
    // A line billed again stands on its débito being its dentist's: absorbed, she would be paid twice.
    if (d.refacturada) throw conflict(M.DEBITO_REFACTURADO);
    await repo.decidirDebito(tx, id, {
      decision,
      cargoA: decision === 'trasladado' ? (d.cargoA?.id ?? d.profesional.id) : null,
      userId: caller.id,
    });
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'lote',
      entityId: loteId,
      details: {
        numeroFactura: d.lote.numeroFactura,
        codigoValidacion: d.codigoValidacion,
        codigo: d.codigo,
        decision,
      },
    });
  });
  return { message: M.DEBITO_DECIDIDO, debito: (await repo.findDebito(deps.db, loteId, id))! };
}

/**
 * `POST /api/lineas/{id}/refacturar`: a line whose débito was passed on to
 * its dentist is billed again, for what was debited, within the contract's
 * window from the débito; the next closing presents it.
 */
export async function refacturar(deps: Deps, caller: Subject, lineaId: number, now = new Date()) {
  const hoy = networkClock(now).date;
  await deps.db.transaction(async (tx) => {
    await lockFueraDelCierre(tx);
    const d = await repo.findDebitoRefacturable(tx, lineaId);
    if (!d) throw conflict(M.NO_REFACTURABLE);
    if (d.refacturada || d.estado === 'refacturada') throw conflict(M.YA_REFACTURADA);
    const hasta = addDays(d.desde, d.plazo);
    if (hoy > hasta) throw conflict(M.REFACTURACION_VENCIDA(formatFecha(hasta)));
    await repo.refacturar(tx, lineaId, d.importe);
    await recordAudit(tx, caller, {
      action: 'create',
      entity: 'linea',
      entityId: lineaId,
      details: {
        afiliadoId: d.afiliadoId,
        documento: d.documento,
        codigoValidacion: d.codigoValidacion,
        codigo: d.codigo,
        refacturaDe: lineaId,
      },
      documento: d.documento,
      afiliadoIds: [d.afiliadoId],
    });
  });
  return { message: M.REFACTURADA };
}
