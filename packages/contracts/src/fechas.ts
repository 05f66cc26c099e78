import { z } from 'zod';

// ---------------------------------------------------------------------------
// Calendar days, as the dated data (contracts, fees, rules) keep them:
// yyyy-mm-dd, with no time and no zone.
// ---------------------------------------------------------------------------

const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** True for a real calendar day written yyyy-mm-dd (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value)
  );
}

/** A day as a spreadsheet writes it ('15/12/2026', '2026-12-15'), as yyyy-mm-dd; undefined when it is none. */
export function parseFecha(raw: string): string | undefined {
  const value = raw.trim().replace(/[ T]00:00(:00(\.0+)?)?$/, '');
  const pad = (s: string) => s.padStart(2, '0');
  const ymd = YMD.exec(value);
  const dmy = DMY.exec(value);
  const iso = ymd
    ? `${ymd[1]}-${pad(ymd[2]!)}-${pad(ymd[3]!)}`
    : dmy
      ? `${dmy[3]}-${pad(dmy[2]!)}-${pad(dmy[1]!)}`
      : '';
  return isCalendarDate(iso) ? iso : undefined;
}

/** The day before `iso` (yyyy-mm-dd): where a dated value ends when the next one starts. */
export function dayBefore(iso: string): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** 'dd/mm/aaaa' for a yyyy-mm-dd day, as the screens write dates. */
export const formatFecha = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A calendar day in a request: yyyy-mm-dd. */
export const fechaSchema = (message: string) => z.string().trim().refine(isCalendarDate, message);

const DAY_MS = 86_400_000;

/** `iso` moved by `days` (negative: back). */
export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** `iso` moved by whole months; the 31st of a shorter month lands on its last day (31/01 + 1 = 28/02). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Age in whole years on `fecha` of someone born on `nacimiento` (both yyyy-mm-dd). */
export function edadEn(nacimiento: string, fecha: string): number {
  const years = Number(fecha.slice(0, 4)) - Number(nacimiento.slice(0, 4));
  return fecha.slice(5) < nacimiento.slice(5) ? years - 1 : years;
}
