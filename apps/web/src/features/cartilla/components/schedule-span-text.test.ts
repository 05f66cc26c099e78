import type { ScheduleSpan } from '@red-dental/contracts';
import { describe, expect, it } from 'vitest';
import { scheduleSpanText } from './schedule-span-text.ts';

describe('a guard in words', () => {
  const cases: [ScheduleSpan, string][] = [
    [{ day: 'L', start: '09:00', endDay: 'L', end: '13:00' }, 'Lunes 09:00 a 13:00'],
    [{ day: 'V', start: '22:00', endDay: 'S', end: '06:00' }, 'Viernes 22:00 a sábado 06:00'],
    [{ day: 'S', start: '22:00', endDay: 'D', end: '06:00' }, 'Sábado 22:00 a domingo 06:00'],
    [{ day: 'D', start: '22:00', endDay: 'L', end: '06:00' }, 'Dom./Fer. 22:00 a lunes 06:00'],
    [{ day: 'V', start: '20:00', endDay: 'D', end: '08:00' }, 'Viernes 20:00 a domingo 08:00'],
    [{ day: 'V', start: '22:00', endDay: 'V', end: '23:59' }, 'Viernes 22:00 a 23:59'],
    // Round the whole week: the end is the next week's day.
    [{ day: 'L', start: '22:00', endDay: 'L', end: '06:00' }, 'Lunes 22:00 a lunes 06:00'],
  ];
  for (const [span, text] of cases)
    it(text, () => {
      expect(scheduleSpanText(span)).toBe(text);
    });
});
