import { z } from 'zod';
import * as MESSAGES from './messages/index.ts';
import { WEEKDAYS, type Weekday } from './week.ts';

export const DEFAULT_RANGE = { start: '09:00', end: '17:00' } as const;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.schedule.TIME_FORMAT);
export const timeRangeSchema = z
  .object({ start: time, end: time })
  .refine((r) => r.start < r.end, { message: MESSAGES.schedule.ORDER });
export type TimeRange = z.infer<typeof timeRangeSchema>;

export const dayScheduleSchema = z
  .object({ enabled: z.boolean(), times: z.array(timeRangeSchema).max(12) })
  .refine(
    (d) => {
      const sorted = [...d.times].sort((a, b) => a.start.localeCompare(b.start));
      return sorted.every((r, i) => i === 0 || sorted[i - 1]!.end <= r.start);
    },
    { message: MESSAGES.schedule.OVERLAP },
  );
export type DaySchedule = z.infer<typeof dayScheduleSchema>;

export const weeklyScheduleSchema = z.partialRecord(z.enum(WEEKDAYS), dayScheduleSchema);
export type WeeklySchedule = z.infer<typeof weeklyScheduleSchema>;

export function emptySchedule(): Record<Weekday, DaySchedule> {
  const days: Partial<Record<Weekday, DaySchedule>> = {};
  for (const d of WEEKDAYS) days[d] = { enabled: false, times: [] };
  return days as Record<Weekday, DaySchedule>;
}

const isoDate = z.iso.date({ error: MESSAGES.profesionales.FECHA_INVALID });

/** A closed period of an office (vacations), both days included. */
export const ausenciaSchema = z
  .object({ desde: isoDate, hasta: isoDate })
  .refine((a) => a.desde <= a.hasta, { message: MESSAGES.profesionales.AUSENCIA_ORDER, path: ['hasta'] });
export type Ausencia = z.infer<typeof ausenciaSchema>;
