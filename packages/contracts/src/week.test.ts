import { describe, expect, it } from 'vitest';
import type { WeeklySchedule } from './schedule.ts';
import { isOnCallAt, isWithinSchedule, type ScheduleSpan, scheduleSpans } from './week.ts';

/** A schedule from `day: [start, end], …` lists; days left out are off. */
function week(days: Partial<Record<keyof WeeklySchedule, [string, string][]>>): WeeklySchedule {
  return Object.fromEntries(
    Object.entries(days).map(([day, ranges]) => [
      day,
      { enabled: true, times: ranges!.map(([start, end]) => ({ start, end })) },
    ]),
  );
}

/** Friday 22:00 to Saturday 06:00, entered as the guard editor asks. */
const FRIDAY_NIGHT = week({ V: [['22:00', '23:59']], S: [['00:00', '06:00']] });

describe('a night on call is one stretch', () => {
  const cases: [string, WeeklySchedule, ScheduleSpan[]][] = [
    ['nothing', {}, []],
    ['a day', week({ L: [['09:00', '13:00']] }), [{ day: 'L', start: '09:00', endDay: 'L', end: '13:00' }]],
    ['Friday night into Saturday', FRIDAY_NIGHT, [{ day: 'V', start: '22:00', endDay: 'S', end: '06:00' }]],
    [
      'Sunday night into Monday, listed on Sunday',
      week({ L: [['00:00', '06:00']], D: [['22:00', '23:59']] }),
      [{ day: 'D', start: '22:00', endDay: 'L', end: '06:00' }],
    ],
    [
      'through a whole day',
      week({ V: [['20:00', '23:59']], S: [['00:00', '23:59']], D: [['00:00', '08:00']] }),
      [{ day: 'V', start: '20:00', endDay: 'D', end: '08:00' }],
    ],
    [
      'the morning part beside other hours of that day, in any order',
      week({
        V: [['22:00', '23:59']],
        S: [
          ['18:00', '20:00'],
          ['00:00', '06:00'],
        ],
      }),
      [
        { day: 'V', start: '22:00', endDay: 'S', end: '06:00' },
        { day: 'S', start: '18:00', endDay: 'S', end: '20:00' },
      ],
    ],
    [
      'until midnight with nothing after it',
      week({ V: [['22:00', '23:59']] }),
      [{ day: 'V', start: '22:00', endDay: 'V', end: '23:59' }],
    ],
    [
      'from midnight with nothing before it',
      week({ S: [['00:00', '06:00']] }),
      [{ day: 'S', start: '00:00', endDay: 'S', end: '06:00' }],
    ],
    [
      'a day switched off is not joined',
      {
        V: { enabled: true, times: [{ start: '22:00', end: '23:59' }] },
        S: { enabled: false, times: [{ start: '00:00', end: '06:00' }] },
      },
      [{ day: 'V', start: '22:00', endDay: 'V', end: '23:59' }],
    ],
    [
      'every day at every hour keeps its days',
      week({
        L: [['00:00', '23:59']],
        M: [['00:00', '23:59']],
        X: [['00:00', '23:59']],
        J: [['00:00', '23:59']],
        V: [['00:00', '23:59']],
        S: [['00:00', '23:59']],
        D: [['00:00', '23:59']],
      }),
      (['L', 'M', 'X', 'J', 'V', 'S', 'D'] as const).map((day) => ({
        day,
        start: '00:00',
        endDay: day,
        end: '23:59',
      })),
    ],
  ];
  for (const [name, schedule, spans] of cases)
    it(name, () => {
      expect(scheduleSpans(schedule)).toEqual(spans);
    });
});

describe("on call now, on Buenos Aires' clock", () => {
  // Friday 27 November 2026; Buenos Aires is UTC−3.
  const cases: [string, WeeklySchedule, string, boolean][] = [
    ['Friday 21:59, before the night', FRIDAY_NIGHT, '2026-11-28T00:59:00Z', false],
    ['Friday 22:00', FRIDAY_NIGHT, '2026-11-28T01:00:00Z', true],
    ['Friday 23:59:30, the last minute', FRIDAY_NIGHT, '2026-11-28T02:59:30Z', true],
    ['Saturday 00:00', FRIDAY_NIGHT, '2026-11-28T03:00:00Z', true],
    ['Saturday 05:59', FRIDAY_NIGHT, '2026-11-28T08:59:00Z', true],
    ['Saturday 06:00, the end', FRIDAY_NIGHT, '2026-11-28T09:00:00Z', false],
    [
      'Sunday 23:59:59 into Monday',
      week({ L: [['00:00', '06:00']], D: [['22:00', '23:59']] }),
      '2026-11-30T02:59:59Z',
      true,
    ],
    [
      'Monday 00:30 from Sunday',
      week({ L: [['00:00', '06:00']], D: [['22:00', '23:59']] }),
      '2026-11-30T03:30:00Z',
      true,
    ],
    ['an end before 23:59 is not covered', week({ V: [['20:00', '23:30']] }), '2026-11-28T02:30:00Z', false],
  ];
  for (const [name, guardias, at, expected] of cases)
    it(name, () => {
      expect(isWithinSchedule(guardias, new Date(at))).toBe(expected);
      expect(isOnCallAt({ guardias, ausencias: [] }, new Date(at))).toBe(expected);
    });

  it('stops where an absence starts, though the night began the day before', () => {
    const ausencias = [{ desde: '2026-11-28', hasta: '2026-11-28' }];
    expect(isOnCallAt({ guardias: FRIDAY_NIGHT, ausencias }, new Date('2026-11-28T02:59:30Z'))).toBe(true);
    expect(isOnCallAt({ guardias: FRIDAY_NIGHT, ausencias }, new Date('2026-11-28T04:00:00Z'))).toBe(false);
  });
});
