import { networkClock } from '@red-dental/contracts';

/**
 * Every date and number the app shows is written here, the way Argentina reads
 * them. Dates and whole numbers are written without Intl: the first formatter a
 * page makes loads the locale data (and a time zone's rules), 20–100 ms on a
 * phone, and the portal's screens show a count or a date on their first paint.
 */
const LOCALE = 'es-AR';

const numberFormats = new Map<number, Intl.NumberFormat>();

/** Below this an integer's digits are exact and written without an exponent. */
const EXACT_INTEGERS = Number.MAX_SAFE_INTEGER;

/**
 * A whole number grouped by thousands with dots, as es-AR writes it (always
 * grouped: Spanish rules would leave '1002', lists read better as '1.002'),
 * rounded half away from zero as Intl does (but never '-0'). Anything beyond
 * exact integers goes through Intl.
 */
function formatInteger(value: number): string {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  if (!Number.isFinite(rounded) || Math.abs(rounded) > EXACT_INTEGERS) {
    return new Intl.NumberFormat(LOCALE, { useGrouping: 'always', maximumFractionDigits: 0 }).format(value);
  }
  const grouped = Math.abs(rounded)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, '.');
  return rounded < 0 ? `-${grouped}` : grouped;
}

const ISO_DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/** A count or amount: 1002 → '1.002'; `fractionDigits` fixes the decimals (1.25, 1 → '1,3'). */
export function formatNumber(value: number, fractionDigits = 0): string {
  if (fractionDigits === 0) return formatInteger(value);
  let format = numberFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      useGrouping: 'always',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    numberFormats.set(fractionDigits, format);
  }
  return format.format(value);
}

/** A count with its noun: (1, 'línea', 'líneas') → '1 línea', (1002, …) → '1.002 líneas'. */
export function formatCount(value: number, one: string, many: string): string {
  return `${formatNumber(value)} ${value === 1 ? one : many}`;
}

/** 'yyyy-mm-dd' (or an ISO timestamp) → 'dd/mm/yyyy'; empty → '-'; anything else as it came. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const match = ISO_DATE_PREFIX.exec(iso);
  if (!match) return iso;
  // The calendar day as written, never shifted through the browser's time zone.
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCDate() === Number(day) && date.getUTCMonth() === Number(month) - 1
    ? `${day}/${month}/${year}`
    : iso;
}

/** 'yyyy-mm-dd' → 'dd/mm/yyyy'. */
function writeDay(isoDate: string): string {
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;
}

// A moment (a timestamp) is read on Buenos Aires' calendar and clock, wherever the browser is.

/** An ISO timestamp → its day in Buenos Aires, 'dd/mm/yyyy'; empty → '-'. */
export function formatMomentDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : writeDay(networkClock(date).date);
}

/** An ISO timestamp → its day and time in Buenos Aires, 'dd/mm/yyyy hh:mm'; empty → '-'. */
export function formatMomentTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { date: day, time } = networkClock(date);
  return `${writeDay(day)} ${time}`;
}

/** 'yyyy-mm-dd' → 'd/mm' ('2027-01-05' → '5/01'), as the directory says until when an office is closed. */
export function formatDayMonth(isoDate: string): string {
  const match = ISO_DATE_PREFIX.exec(isoDate);
  return match ? `${Number(match[3])}/${match[2]}` : isoDate;
}

/**
 * An ISO timestamp → its day in Buenos Aires as the notification lists write
 * it, 'd-mm-yyyy' (the day unpadded, the month padded): '5-03-2026'; empty → '-'.
 */
export function formatNotificationDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = networkClock(date).date;
  return `${Number(day.slice(8, 10))}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}
