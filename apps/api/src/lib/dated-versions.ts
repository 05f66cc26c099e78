import { dayBefore } from '@red-dental/contracts';

/*
 * Dated data (a contract's fees, a plan's rules) loaded from a file beside
 * the versions already kept: which versions to add, which open ones to end,
 * which to replace, and which lines overlap. Plain functions, no I/O.
 */

/** A valid line of a file: the values of one target (a code's fee, a rule's target) from a day. */
export interface DatedLine<V> {
  line: number;
  key: string | number;
  values: V;
  vigenteDesde: string;
  vigenteHasta: string | null;
}

/** A version already kept. */
export interface DatedVersion<V> {
  id: number;
  key: string | number;
  values: V;
  vigenteDesde: string;
  vigenteHasta: string | null;
}

/** What loading the lines does to the versions kept. */
export interface VersionPlan<V> {
  inserts: { key: string | number; values: V; vigenteDesde: string; vigenteHasta: string | null }[];
  closes: { id: number; vigenteHasta: string }[];
  replaces: { id: number; values: V; vigenteHasta: string | null }[];
  unchanged: number;
  errors: { line: number; message: string }[];
}

export interface VersionRules<V> {
  /** True when two versions say the same thing (a line repeating one kept counts as unchanged). */
  same: (a: V, b: V) => boolean;
  /** The error of a line overlapping a version kept from `desde` to `hasta`, with the days as kept. */
  overlapsKept: (desde: string, hasta: string | null) => string;
  /** The error of a line overlapping another line of the file. */
  overlapsLine: (line: number) => string;
}

type Item<V> =
  | { from: 'file'; row: DatedLine<V>; replaces?: DatedVersion<V> }
  | { from: 'table'; version: DatedVersion<V> };

const startOf = <V>(item: Item<V>) =>
  item.from === 'file' ? item.row.vigenteDesde : item.version.vigenteDesde;
const endOf = <V>(item: Item<V>) =>
  item.from === 'file' ? item.row.vigenteHasta : item.version.vigenteHasta;

/**
 * Lays each target's new lines beside the versions it has: a line with the
 * start of a version kept replaces it; an open version (no end) ends the day
 * before the next version of its target starts, whether kept or in the file;
 * any other overlap is the line's error. A change from the 15th on never
 * touches a day before it.
 */
export function planVersions<V>(
  rows: readonly DatedLine<V>[],
  existing: readonly DatedVersion<V>[],
  rules: VersionRules<V>,
): VersionPlan<V> {
  const plan: VersionPlan<V> = { inserts: [], closes: [], replaces: [], unchanged: 0, errors: [] };
  const byKey = new Map<string | number, Item<V>[]>();
  const add = (key: string | number, item: Item<V>) => {
    const list = byKey.get(key) ?? [];
    list.push(item);
    byKey.set(key, list);
  };
  for (const version of existing) add(version.key, { from: 'table', version });
  for (const row of rows) add(row.key, { from: 'file', row: { ...row } });

  for (const items of byKey.values()) {
    const fileItems = items.filter((i): i is Extract<Item<V>, { from: 'file' }> => i.from === 'file');
    if (fileItems.length === 0) continue;
    // A line starting the day a version kept starts takes that version's place.
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
    const refused = new Set<Item<V>>();
    for (let i = 1; i < timeline.length; i++) {
      const a = timeline[i - 1]!;
      const b = timeline[i]!;
      if (refused.has(a)) continue;
      if (startOf(a) === startOf(b)) {
        // Two lines of the file for one target and day (a version kept that day went to the first).
        if (a.from === 'file' && b.from === 'file') {
          plan.errors.push({ line: b.row.line, message: rules.overlapsLine(a.row.line) });
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
              ? rules.overlapsLine(other.row.line)
              : rules.overlapsKept(other.version.vigenteDesde, other.version.vigenteHasta),
        });
        refused.add(culprit);
        timeline.splice(timeline.indexOf(culprit), 1);
        i--;
      }
    }
    for (const item of fileItems) {
      if (refused.has(item)) continue;
      const { row } = item;
      if (!item.replaces)
        plan.inserts.push({
          key: row.key,
          values: row.values,
          vigenteDesde: row.vigenteDesde,
          vigenteHasta: row.vigenteHasta,
        });
      else if (
        rules.same(item.replaces.values, row.values) &&
        item.replaces.vigenteHasta === row.vigenteHasta
      )
        plan.unchanged += 1;
      else plan.replaces.push({ id: item.replaces.id, values: row.values, vigenteHasta: row.vigenteHasta });
    }
  }
  plan.errors.sort((a, b) => a.line - b.line);
  return plan;
}
