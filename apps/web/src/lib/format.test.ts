import { networkClock } from '@red-dental/contracts';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDayMonth,
  formatMomentDate,
  formatMomentTime,
  formatNotificationDate,
  formatNumber,
} from './format.ts';

describe('formatNumber', () => {
  it('groups thousands with dots, four-digit numbers included', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1002)).toBe('1.002');
    expect(formatNumber(1234567)).toBe('1.234.567');
  });

  it('writes whole numbers as Intl writes them for es-AR, rounding and signs included', () => {
    const intl = new Intl.NumberFormat('es-AR', { useGrouping: 'always', maximumFractionDigits: 0 });
    const values = [
      -1_000_000,
      -1234.5,
      -999,
      -0.5,
      0,
      0.5,
      1.5,
      2.5,
      12,
      123,
      1234,
      12_345.49,
      1e15,
      2 ** 53 + 2,
    ];
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
    // Intl writes '-0' here; a count never reads so.
    expect(formatNumber(-0.4)).toBe('0');
  });

  it('writes decimals with a comma when asked for them', () => {
    expect(formatNumber(1.25, 1)).toBe('1,3');
    expect(formatNumber(2048.5, 1)).toBe('2.048,5');
  });
});

describe('formatCount', () => {
  it('puts the singular after one and the plural after any other number', () => {
    expect(formatCount(1, 'línea', 'líneas')).toBe('1 línea');
    expect(formatCount(0, 'línea', 'líneas')).toBe('0 líneas');
    expect(formatCount(1002, 'afiliado', 'afiliados')).toBe('1.002 afiliados');
  });
});

describe('formatDate', () => {
  it('writes yyyy-mm-dd as dd/mm/yyyy', () => {
    expect(formatDate('1985-03-07')).toBe('07/03/1985');
    expect(formatDate('2024-12-31T23:30:00.000Z')).toBe('31/12/2024');
  });

  it('shows a dash when there is no date, and other text as it came', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDate('sin fecha')).toBe('sin fecha');
  });

  it('leaves a day that no calendar has as it came', () => {
    expect(formatDate('2025-02-29')).toBe('2025-02-29');
    expect(formatDate('2024-02-29')).toBe('29/02/2024');
    expect(formatDate('2024-13-01')).toBe('2024-13-01');
  });
});

describe('formatMomentDate', () => {
  it("gives a timestamp's day on Buenos Aires' calendar", () => {
    // 01:30 UTC on 2 December is still 1 December in Buenos Aires (UTC-3).
    expect(formatMomentDate('2026-12-02T01:30:00.000Z')).toBe('01/12/2026');
    expect(formatMomentDate('2026-12-02T12:00:00.000Z')).toBe('02/12/2026');
  });

  it('shows a dash for nothing', () => {
    expect(formatMomentDate(null)).toBe('-');
  });
});

describe('formatDayMonth', () => {
  it("writes the day without a leading zero and the month with one ('Ausente hasta 5/01')", () => {
    expect(formatDayMonth('2027-01-05')).toBe('5/01');
    expect(formatDayMonth('2026-12-20')).toBe('20/12');
  });
});

describe('formatNotificationDate', () => {
  it("writes the Buenos Aires day as d-mm-yyyy, the notification lists' date", () => {
    expect(formatNotificationDate('2026-03-05T15:00:00.000Z')).toBe('5-03-2026');
    // 02:00 UTC on 1 November is still 31 October in Buenos Aires.
    expect(formatNotificationDate('2026-11-01T02:00:00.000Z')).toBe('31-10-2026');
    expect(formatNotificationDate(undefined)).toBe('-');
  });
});

describe('formatMomentTime', () => {
  it("writes the day and time on Buenos Aires' clock, 24-hour", () => {
    expect(formatMomentTime('2026-12-02T01:30:00.000Z')).toBe('01/12/2026 22:30');
    expect(formatMomentTime('2026-06-15T15:05:00.000Z')).toBe('15/06/2026 12:05');
    expect(formatMomentTime(null)).toBe('-');
  });

  it("reads every moment as Intl's rules for Buenos Aires do, from 2009 (the last daylight saving) to 2040", () => {
    const intl = new Intl.DateTimeFormat('es-AR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'America/Argentina/Buenos_Aires',
    });
    const end = Date.parse('2040-01-01T00:00:00Z');
    // Every 7 h 13 min: every hour of the day and every weekday come round.
    for (let at = Date.parse('2009-03-16T00:00:00Z'); at < end; at += (7 * 60 + 13) * 60_000) {
      const iso = new Date(at).toISOString();
      expect(formatMomentTime(iso), iso).toBe(intl.format(at).replace(',', ''));
    }
  });

  it("gives the network's clock the weekday Intl gives Buenos Aires", () => {
    const weekday = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      timeZone: 'America/Argentina/Buenos_Aires',
    });
    const keys: Record<string, string> = {
      Mon: 'L',
      Tue: 'M',
      Wed: 'X',
      Thu: 'J',
      Fri: 'V',
      Sat: 'S',
      Sun: 'D',
    };
    for (
      let at = Date.parse('2026-11-01T00:00:00Z');
      at < Date.parse('2026-11-15T00:00:00Z');
      at += 60 * 60_000
    )
      expect(networkClock(new Date(at)).day, new Date(at).toISOString()).toBe(keys[weekday.format(at)]);
  });
});
