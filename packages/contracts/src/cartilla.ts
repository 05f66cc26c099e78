import { z } from 'zod';
import { boundedString } from './common.ts';
import * as MESSAGES from './messages/index.ts';
import { especialidadSchema } from './profesionales.ts';
import {
  type Ausencia,
  ausenciaSchema,
  WEEKDAYS,
  type Weekday,
  type WeeklySchedule,
  weeklyScheduleSchema,
} from './schedule.ts';

const M = MESSAGES.cartilla;

/**
 * GET /api/profesionales/obrasocial: one provider of the affiliate's
 * directory. Never the e-mail, the licence or anything of the account.
 */
export const cartillaProfesionalSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  razonSocial: z.string().nullable(),
  telefono: z.string().nullable(),
  direccion: z.string().nullable(),
  depto: z.string().nullable(),
  /** Numeric strings (6 decimals). */
  lat: z.string().nullable(),
  long: z.string().nullable(),
  localidad: z.string().nullable(),
  especialidades: z.array(especialidadSchema),
  horarios: weeklyScheduleSchema,
  guardias: weeklyScheduleSchema,
  aceptaNuevosPacientes: z.boolean(),
  ausencias: z.array(ausenciaSchema),
  datosConfirmadosAt: z.string().nullable(),
});
export type CartillaProfesional = z.infer<typeof cartillaProfesionalSchema>;

/** How many reports an affiliate may send in a day. */
export const REPORTES_POR_DIA = 5;

/** POST /api/profesionales/{id}/reportes: what is wrong in a provider's listing. */
export const reporteInputSchema = z.object({
  motivo: boundedString(1000).min(1, M.MOTIVO_REQUIRED).min(5, M.MOTIVO_TOO_SHORT),
});
export type ReporteInput = z.infer<typeof reporteInputSchema>;

/** GET /api/profesionales/{id}/reportes: the open reports staff see on the provider's page. */
export const reporteSchema = z.object({
  id: z.number(),
  motivo: z.string(),
  createdAt: z.string(),
  /** Who reported it, while the affiliate exists. */
  afiliado: z.object({ nombre: z.string(), documento: z.string() }).nullable(),
});
export type Reporte = z.infer<typeof reporteSchema>;

// ---------------------------------------------------------------------------
// "Now" in Buenos Aires, for 'Atiende ahora', 'De guardia ahora' and absences
// ---------------------------------------------------------------------------

/** The network's time zone: schedules and absences are read on its clock. */
export const NETWORK_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: NETWORK_TIME_ZONE,
  weekday: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const WEEKDAY_OF: Record<string, Weekday> = {
  Mon: 'L',
  Tue: 'M',
  Wed: 'X',
  Thu: 'J',
  Fri: 'V',
  Sat: 'S',
  Sun: 'D',
};

/** The network's weekday, date (yyyy-mm-dd) and time (HH:MM) at `at`. */
export function networkClock(at: Date): { day: Weekday; date: string; time: string } {
  const parts = Object.fromEntries(clock.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: WEEKDAY_OF[parts.weekday ?? 'Mon'] ?? 'L',
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
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
