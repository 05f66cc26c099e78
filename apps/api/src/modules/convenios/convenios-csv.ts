import { formatFecha, MESSAGES, parseFecha, parseImporte, parseUnidades } from '@red-dental/contracts';
import { planVersions } from '../../lib/dated-versions.ts';
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

type FeeValues = { importe: number | null; unidades: number | null };

/**
 * Lays each code's new fees beside those it has (planVersions): a line with
 * the start of a fee already there replaces its amount; an open fee ends the
 * day before the next version of its code starts; any other overlap is the
 * line's error. A fee changed from the 15th on never touches a day before it.
 */
export function planFees(rows: readonly ArancelRow[], existing: readonly FeeVersion[]): FeePlan {
  const plan = planVersions<FeeValues>(
    rows.map((r) => ({ ...r, key: r.codigoId, values: { importe: r.importe, unidades: r.unidades } })),
    existing.map((v) => ({ ...v, key: v.codigoId, values: { importe: v.importe, unidades: v.unidades } })),
    {
      same: (a, b) => a.importe === b.importe && a.unidades === b.unidades,
      overlapsKept: (desde, hasta) => M.ROW_OVERLAPS(formatFecha(desde), hasta && formatFecha(hasta)),
      overlapsLine: M.ROW_OVERLAPS_LINE,
    },
  );
  return {
    inserts: plan.inserts.map((i) => ({
      codigoId: Number(i.key),
      ...i.values,
      vigenteDesde: i.vigenteDesde,
      vigenteHasta: i.vigenteHasta,
    })),
    closes: plan.closes,
    replaces: plan.replaces.map((r) => ({ id: r.id, ...r.values, vigenteHasta: r.vigenteHasta })),
    unchanged: plan.unchanged,
    errors: plan.errors,
  };
}
