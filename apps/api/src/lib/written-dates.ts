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
