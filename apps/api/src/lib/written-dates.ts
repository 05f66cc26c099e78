import { networkClock } from '@red-dental/contracts';

// Dates in exported files, written as the screens write them (the network's clock, dd/mm/yyyy).

/** 'yyyy-mm-dd' → 'dd/mm/yyyy'; null stays null. */
export function writtenDay(day: string | null): string | null {
  return day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : null;
}

/** A moment → its day in Buenos Aires, 'dd/mm/yyyy'; null stays null. */
export function writtenMomentDay(at: Date | null): string | null {
  return at ? writtenDay(networkClock(at).date) : null;
}

/** A moment → its day and time in Buenos Aires, 'dd/mm/yyyy hh:mm'; null stays null. */
export function writtenMoment(at: Date | null): string | null {
  if (!at) return null;
  const { date, time } = networkClock(at);
  return `${writtenDay(date)} ${time}`;
}

const WRITTEN = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A cell written by `writtenDay` or `writtenMoment` (or with seconds, 'dd/mm/yyyy hh:mm:ss') read
 * back as the wall-clock instant it shows, in UTC fields: a spreadsheet's dates have no zone, so the
 * cell shows Buenos Aires' day and time as written. Undefined for anything else, a day that does not
 * exist (31/02) included.
 */
export function readWrittenDate(
  text: string,
): { at: Date; time: 'none' | 'minutes' | 'seconds' } | undefined {
  const match = WRITTEN.exec(text);
  if (!match) return undefined;
  const [, dd, mm, yyyy, hh, mi, ss] = match;
  const parts = [
    Number(yyyy),
    Number(mm) - 1,
    Number(dd),
    Number(hh ?? 0),
    Number(mi ?? 0),
    Number(ss ?? 0),
  ] as const;
  const at = new Date(Date.UTC(...parts));
  const exact =
    at.getUTCFullYear() === parts[0] &&
    at.getUTCMonth() === parts[1] &&
    at.getUTCDate() === parts[2] &&
    at.getUTCHours() === parts[3] &&
    at.getUTCMinutes() === parts[4];
  // Excel counts days from 1900: an earlier one stays text.
  if (!exact || parts[5] > 59 || parts[0] < 1900) return undefined;
  return { at, time: hh === undefined ? 'none' : ss === undefined ? 'minutes' : 'seconds' };
}
