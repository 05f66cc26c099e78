import type { Ausencia, TimeRange, WeeklySchedule } from './schedule.ts';

// The week and the network's clock, apart from the schedules' schemas: the
// cartilla computes 'Atiende ahora' and 'De guardia ahora' on the phone
// without loading the schema library.

/** Weekday keys in display order: Monday to Sunday, Sunday shown as Dom./Fer. */
export const WEEKDAYS = ['L', 'M', 'X', 'J', 'V', 'S', 'D'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  L: 'Lunes',
  M: 'Martes',
  X: 'Miércoles',
  J: 'Jueves',
  V: 'Viernes',
  S: 'Sábado',
  D: 'Dom./Fer.',
};

// "Now" in Buenos Aires, for 'Atiende ahora', 'De guardia ahora' and absences
// ---------------------------------------------------------------------------

/** The network's time zone: schedules and absences are read on its clock. */
export const NETWORK_TIME_ZONE = 'America/Argentina/Buenos_Aires';

/**
 * Buenos Aires has kept UTC−3 all year since March 2009 (no daylight saving),
 * so a moment reads there as it reads in UTC three hours earlier. The shift is
 * written out rather than asked of Intl: the first time-zone formatter a page
 * makes loads the locale and zone data, 20–70 ms on a phone's first paint, on
 * every screen that shows a date. A test compares it with Intl's rules for
 * NETWORK_TIME_ZONE over the years the network has data for, so a change of
 * the country's time fails the build rather than passing unseen.
 */
export const NETWORK_UTC_OFFSET_MS = -3 * 60 * 60 * 1000;

/** getUTCDay() order: Sunday first. */
const WEEKDAY_OF_UTC_DAY: readonly Weekday[] = ['D', 'L', 'M', 'X', 'J', 'V', 'S'];

type NetworkTime = { day: Weekday; date: string; time: string };

/** The network's weekday, date (yyyy-mm-dd) and time (HH:MM) at `at`. */
export function networkClock(at: Date): NetworkTime {
  const shifted = new Date(at.getTime() + NETWORK_UTC_OFFSET_MS);
  const iso = shifted.toISOString();
  return { day: WEEKDAY_OF_UTC_DAY[shifted.getUTCDay()]!, date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

// Ranges past midnight
// ---------------------------------------------------------------------------

/**
 * The last minute a range can end at, read as "until midnight". Times are
 * HH:MM within one day and a range starts before it ends, so a night on call
 * is two ranges: 22:00 to 23:59 and, the next day, 00:00 to 06:00. An end of
 * 23:59 covers that minute too, so nothing falls between the two; 24:00 is not
 * a time (neither for the schema nor for the browser's time field).
 */
export const END_OF_DAY = '23:59';
const START_OF_DAY = '00:00';

/** Whether `range` covers the minute `time` (HH:MM): start included, end excluded unless it is END_OF_DAY. */
function covers(range: TimeRange, time: string): boolean {
  return range.start <= time && (time < range.end || range.end === END_OF_DAY);
}

/** Whether a weekly schedule has a range covering `at` (start included, end excluded unless it ends the day). */
export function isWithinSchedule(schedule: WeeklySchedule, at: Date): boolean {
  const { day, time } = networkClock(at);
  const today = schedule[day];
  return Boolean(today?.enabled && today.times.some((r) => covers(r, time)));
}

/** One stretch of a schedule, from `start` on `day` to `end` on `endDay` (the same day, or a later one). */
export interface ScheduleSpan {
  day: Weekday;
  start: string;
  endDay: Weekday;
  end: string;
}

const dayAfter = (day: Weekday): Weekday => WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % WEEKDAYS.length]!;
const dayBefore = (day: Weekday): Weekday =>
  WEEKDAYS[(WEEKDAYS.indexOf(day) + WEEKDAYS.length - 1) % WEEKDAYS.length]!;

/**
 * The schedule as a reader takes it, Monday first: a range ending at 23:59
 * and the next day's range from 00:00 are one stretch (Friday 22:00 to
 * Saturday 06:00, Sunday into Monday too), through whole days in between.
 * A schedule of every day at every hour has no night to join: its days stay apart.
 */
export function scheduleSpans(schedule: WeeklySchedule): ScheduleSpan[] {
  const rangesOf = (day: Weekday) => {
    const entry = schedule[day];
    return entry?.enabled ? [...entry.times].sort((a, b) => a.start.localeCompare(b.start)) : [];
  };
  const fromMidnight = (day: Weekday) => rangesOf(day).find((r) => r.start === START_OF_DAY);
  const endsAtMidnight = (day: Weekday) => rangesOf(day).some((r) => r.end === END_OF_DAY);
  const isAlwaysOn = WEEKDAYS.every((day) => fromMidnight(day)?.end === END_OF_DAY);

  const spans: ScheduleSpan[] = [];
  for (const day of WEEKDAYS)
    for (const range of rangesOf(day)) {
      const goesOnFromDayBefore = range.start === START_OF_DAY && endsAtMidnight(dayBefore(day));
      if (goesOnFromDayBefore && !isAlwaysOn) continue;
      const span: ScheduleSpan = { day, start: range.start, endDay: day, end: range.end };
      // At most round the week once: a stretch can end on the day it started, a week later.
      for (let days = 0; !isAlwaysOn && span.end === END_OF_DAY && days < WEEKDAYS.length; days++) {
        const next = fromMidnight(dayAfter(span.endDay));
        if (!next) break;
        span.endDay = dayAfter(span.endDay);
        span.end = next.end;
      }
      spans.push(span);
    }
  return spans;
}

/** The day after a 'yyyy-mm-dd' date. */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The absence covering `at`'s day in Buenos Aires, if any, with `hasta`
 * carried through the absences that follow it without a day in between (the
 * office is closed until the last of them).
 */
export function currentAusencia(ausencias: readonly Ausencia[], at: Date): Ausencia | undefined {
  const { date } = networkClock(at);
  const covering = ausencias.filter((a) => a.desde <= date && date <= a.hasta);
  if (covering.length === 0) return undefined;
  const desde = covering.reduce((min, a) => (a.desde < min ? a.desde : min), covering[0]!.desde);
  let hasta = covering.reduce((max, a) => (a.hasta > max ? a.hasta : max), covering[0]!.hasta);
  for (let extended = true; extended; ) {
    extended = false;
    for (const a of ausencias)
      if (a.desde <= nextDay(hasta) && a.hasta > hasta) {
        hasta = a.hasta;
        extended = true;
      }
  }
  return { desde, hasta };
}

/** Whether the office is open at `at`: within its hours and not in an absence. */
export function isAttendingAt(p: { horarios: WeeklySchedule; ausencias: readonly Ausencia[] }, at: Date) {
  return isWithinSchedule(p.horarios, at) && !currentAusencia(p.ausencias, at);
}

/** Whether the provider is on call at `at`: within its on-call hours and not in an absence. */
export function isOnCallAt(p: { guardias: WeeklySchedule; ausencias: readonly Ausencia[] }, at: Date) {
  return isWithinSchedule(p.guardias, at) && !currentAusencia(p.ausencias, at);
}

/** Whether any day of the schedule has hours. */
export function hasAnyHours(schedule: WeeklySchedule): boolean {
  return WEEKDAYS.some((d) => schedule[d]?.enabled && (schedule[d]?.times.length ?? 0) > 0);
}
