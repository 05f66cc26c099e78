import type { Ausencia, WeeklySchedule } from './schedule.ts';

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
 * Made on first use: a formatter with a time zone takes tens of milliseconds
 * to make on a phone (the zone's rules are loaded), which should not hold a page's start.
 */
let clock: Intl.DateTimeFormat | null = null;
function networkFormatter(): Intl.DateTimeFormat {
  clock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: NETWORK_TIME_ZONE,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return clock;
}

const WEEKDAY_OF: Record<string, Weekday> = {
  Mon: 'L',
  Tue: 'M',
  Wed: 'X',
  Thu: 'J',
  Fri: 'V',
  Sat: 'S',
  Sun: 'D',
};

type NetworkTime = { day: Weekday; date: string; time: string };

/**
 * The last moment read and its reading: a list asks about every provider at
 * the same moment, and formatting dates is slow on a phone.
 */
let lastRead: { at: number; time: NetworkTime } | null = null;

/** The network's weekday, date (yyyy-mm-dd) and time (HH:MM) at `at`. */
export function networkClock(at: Date): NetworkTime {
  if (lastRead?.at === at.getTime()) return lastRead.time;
  const parts = Object.fromEntries(
    networkFormatter()
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const time: NetworkTime = {
    day: WEEKDAY_OF[parts.weekday ?? 'Mon'] ?? 'L',
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
  lastRead = { at: at.getTime(), time };
  return time;
}

/** Whether a weekly schedule has a range covering `at` (start included, end excluded). */
export function isWithinSchedule(schedule: WeeklySchedule, at: Date): boolean {
  const { day, time } = networkClock(at);
  const today = schedule[day];
  return Boolean(today?.enabled && today.times.some((r) => r.start <= time && time < r.end));
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
