import {
  dayBefore,
  formatFecha,
  MESSAGES,
  parseFecha,
  parseImporte,
  parseUnidades,
} from '@red-dental/contracts';
import type { FeeVersion } from './convenios-import.repository.ts';

const M = MESSAGES.convenios;

/*
 * A fee table's CSV (codigo;importe;vigente_desde;vigente_hasta) line by line,
 * and what loading it does to the fees a contract already has: plain
 * functions, no I/O.
 */

export type ArancelField = 'codigo' | 'importe' | 'desde' | 'hasta';

/** The header names each column goes by, folded with headerKey. */
export const ARANCEL_ALIASES: Record<ArancelField, readonly string[]> = {
  codigo: ['codigo', 'cod', 'codigoprestacion'],
  importe: ['importe', 'arancel', 'valor', 'monto', 'honorario'],
  desde: ['vigentedesde', 'desde', 'vigencia', 'fechadesde'],
  hasta: ['vigentehasta', 'hasta', 'fechahasta'],
};
export const REQUIRED_ARANCEL_COLUMNS: readonly ArancelField[] = ['codigo', 'importe', 'desde'];
export const ARANCEL_COLUMN_NAMES: Record<ArancelField, string> = {
  codigo: 'codigo',
  importe: 'importe',
  desde: 'vigente_desde',
  hasta: 'vigente_hasta',
};

/** A valid line: the code's fee, dated. */
export interface ArancelRow {
  line: number;
  codigoId: number;
  importe: number | null;
  unidades: number | null;
  vigenteDesde: string;
  vigenteHasta: string | null;
}

/** The contract a file's fees must fit in. */
export interface ConvenioBounds {
  vigenteDesde: string;
  vigenteHasta: string | null;
  valorUnidad: number | null;
}

/** The line as a fee, or the first thing wrong with it in words. */
export function validateArancelRecord(
  line: number,
  fields: readonly string[],
  columns: Partial<Record<ArancelField, number>>,
  codigoIds: ReadonlyMap<string, number>,
  convenio: ConvenioBounds,
): { row: ArancelRow } | { error: string } {
  const cell = (field: ArancelField) => {
    const index = columns[field];
    return index === undefined ? '' : (fields[index] ?? '').trim();
  };
  const codigo = cell('codigo');
  const codigoId = codigoIds.get(codigo);
  if (codigoId === undefined) return { error: M.ROW_UNKNOWN_CODIGO(codigo) };

  const rawImporte = cell('importe');
  const units = /^u\s*:\s*(.+)$/i.exec(rawImporte);
  let importe: number | null = null;
  let unidades: number | null = null;
  if (units) {
    unidades = parseUnidades(units[1]!) ?? null;
    if (unidades === null) return { error: M.ROW_BAD_IMPORTE(rawImporte) };
    if (convenio.valorUnidad === null) return { error: M.ROW_NO_VALOR_UNIDAD };
  } else {
    importe = parseImporte(rawImporte) ?? null;
    if (importe === null) return { error: M.ROW_BAD_IMPORTE(rawImporte) };
  }

  const rawDesde = cell('desde');
  const vigenteDesde = parseFecha(rawDesde);
  if (!vigenteDesde) return { error: M.ROW_BAD_DESDE(rawDesde) };
  const rawHasta = cell('hasta');
  const vigenteHasta = rawHasta === '' ? null : (parseFecha(rawHasta) ?? undefined);
  if (vigenteHasta === undefined) return { error: M.ROW_BAD_HASTA(rawHasta) };
  if (vigenteHasta !== null && vigenteHasta < vigenteDesde) return { error: M.ROW_HASTA_BEFORE_DESDE };
  // A fee with no end in a contract with one ends with the contract.
  const outside =
    vigenteDesde < convenio.vigenteDesde ||
    (convenio.vigenteHasta !== null &&
      (vigenteDesde > convenio.vigenteHasta ||
        (vigenteHasta !== null && vigenteHasta > convenio.vigenteHasta)));
  if (outside)
    return {
      error: M.ROW_OUTSIDE_CONVENIO(
        formatFecha(convenio.vigenteDesde),
        convenio.vigenteHasta && formatFecha(convenio.vigenteHasta),
      ),
    };
  return { row: { line, codigoId, importe, unidades, vigenteDesde, vigenteHasta } };
}

/** What loading the file does to the contract's fees. */
export interface FeePlan {
  inserts: Omit<FeeVersion, 'id'>[];
  closes: { id: number; vigenteHasta: string }[];
  replaces: { id: number; importe: number | null; unidades: number | null; vigenteHasta: string | null }[];
  unchanged: number;
  errors: { line: number; message: string }[];
}

type Item = { from: 'file'; row: ArancelRow; replaces?: FeeVersion } | { from: 'table'; version: FeeVersion };

const startOf = (item: Item) => (item.from === 'file' ? item.row.vigenteDesde : item.version.vigenteDesde);
const endOf = (item: Item) => (item.from === 'file' ? item.row.vigenteHasta : item.version.vigenteHasta);

/**
 * Lays each code's new fees beside those it has: a line with the start of a
 * fee already there replaces its amount; an open fee (no end) ends the day
 * before the next version of its code starts, whether the table's or the
 * file's; any other overlap is the line's error. A fee changed from the 15th
 * on never touches a day before it.
 */
export function planFees(rows: readonly ArancelRow[], existing: readonly FeeVersion[]): FeePlan {
  const plan: FeePlan = { inserts: [], closes: [], replaces: [], unchanged: 0, errors: [] };
  const byCodigo = new Map<number, Item[]>();
  const add = (codigoId: number, item: Item) => {
    const list = byCodigo.get(codigoId) ?? [];
    list.push(item);
    byCodigo.set(codigoId, list);
  };
  for (const version of existing) add(version.codigoId, { from: 'table', version });
  for (const row of rows) add(row.codigoId, { from: 'file', row: { ...row } });

  for (const items of byCodigo.values()) {
    // A line starting the day a fee of the table starts takes that fee's place.
    const fileItems = items.filter((i): i is Extract<Item, { from: 'file' }> => i.from === 'file');
    if (fileItems.length === 0) continue;
    const taken = new Set<number>();
    for (const item of fileItems) {
      const same = items.find(
        (i) =>
          i.from === 'table' && i.version.vigenteDesde === item.row.vigenteDesde && !taken.has(i.version.id),
      );
      if (same?.from === 'table') {
        item.replaces = same.version;
        taken.add(same.version.id);
      }
    }
    const timeline = items
      .filter((i) => i.from === 'file' || !taken.has(i.version.id))
      .sort((a, b) => startOf(a).localeCompare(startOf(b)) || (a.from === 'table' ? -1 : 1));
    const refused = new Set<Item>();
    for (let i = 1; i < timeline.length; i++) {
      const a = timeline[i - 1]!;
      const b = timeline[i]!;
      if (refused.has(a)) continue;
      if (startOf(a) === startOf(b)) {
        // Two lines of the file for one code and day (a fee of the table that day went to the first).
        if (a.from === 'file' && b.from === 'file') {
          plan.errors.push({ line: b.row.line, message: M.ROW_OVERLAPS_LINE(a.row.line) });
          refused.add(b);
          timeline.splice(i, 1);
          i--;
        }
        continue;
      }
      const end = endOf(a);
      if (end === null) {
        const until = dayBefore(startOf(b));
        if (a.from === 'table') plan.closes.push({ id: a.version.id, vigenteHasta: until });
        else a.row.vigenteHasta = until;
      } else if (end >= startOf(b)) {
        const culprit = b.from === 'file' ? b : a;
        if (culprit.from !== 'file') continue;
        const other = culprit === b ? a : b;
        plan.errors.push({
          line: culprit.row.line,
          message:
            other.from === 'file'
              ? M.ROW_OVERLAPS_LINE(other.row.line)
              : M.ROW_OVERLAPS(
                  formatFecha(other.version.vigenteDesde),
                  other.version.vigenteHasta && formatFecha(other.version.vigenteHasta),
                ),
        });
        refused.add(culprit);
        timeline.splice(timeline.indexOf(culprit), 1);
        i--;
      }
    }
    for (const item of fileItems) {
      if (refused.has(item)) continue;
      const { row } = item;
      const values = { importe: row.importe, unidades: row.unidades, vigenteHasta: row.vigenteHasta };
      if (!item.replaces)
        plan.inserts.push({ codigoId: row.codigoId, ...values, vigenteDesde: row.vigenteDesde });
      else if (
        item.replaces.importe === row.importe &&
        item.replaces.unidades === row.unidades &&
        item.replaces.vigenteHasta === row.vigenteHasta
      )
        plan.unchanged += 1;
      else plan.replaces.push({ id: item.replaces.id, ...values });
    }
  }
  plan.errors.sort((a, b) => a.line - b.line);
  return plan;
}
