import { describe, expect, it } from 'vitest';
import { type ArancelRow, planFees } from './convenios-csv.ts';
import type { FeeVersion } from './convenios-import.repository.ts';

const row = (line: number, desde: string, hasta: string | null = null, importe = 1000): ArancelRow => ({
  line,
  codigoId: 1,
  importe,
  unidades: null,
  vigenteDesde: desde,
  vigenteHasta: hasta,
});
const version = (id: number, desde: string, hasta: string | null = null, importe = 1000): FeeVersion => ({
  id,
  codigoId: 1,
  importe,
  unidades: null,
  vigenteDesde: desde,
  vigenteHasta: hasta,
});

describe('planFees', () => {
  it('adds a new fee and ends the open one the day before it starts, so a line of the 10th keeps its price', () => {
    const plan = planFees([row(2, '2026-12-15', null, 1500)], [version(7, '2026-01-01')]);
    expect(plan.closes).toEqual([{ id: 7, vigenteHasta: '2026-12-14' }]);
    expect(plan.inserts).toEqual([
      { codigoId: 1, importe: 1500, unidades: null, vigenteDesde: '2026-12-15', vigenteHasta: null },
    ]);
    expect(plan.errors).toEqual([]);
  });

  it('replaces the amount of a fee starting the same day, and counts an identical line as unchanged', () => {
    expect(planFees([row(2, '2026-01-01', null, 1200)], [version(7, '2026-01-01')]).replaces).toEqual([
      { id: 7, importe: 1200, unidades: null, vigenteHasta: null },
    ]);
    expect(planFees([row(2, '2026-01-01')], [version(7, '2026-01-01')]).unchanged).toBe(1);
  });

  it('ends an open line of the file before the next one of the file or a later fee of the table', () => {
    const plan = planFees([row(2, '2026-01-01'), row(3, '2026-07-01')], [version(9, '2027-01-01')]);
    expect(plan.inserts.map((i) => [i.vigenteDesde, i.vigenteHasta])).toEqual([
      ['2026-01-01', '2026-06-30'],
      ['2026-07-01', '2026-12-31'],
    ]);
  });

  it('refuses a line overlapping a closed fee of the table or another line, naming what it overlaps', () => {
    const plan = planFees(
      [row(2, '2026-03-01', '2026-05-31'), row(3, '2026-05-01', '2026-08-31'), row(4, '2026-08-01')],
      [version(7, '2026-01-01', '2026-03-31')],
    );
    expect(plan.errors).toEqual([
      { line: 2, message: expect.stringContaining('vigente desde el 01/01/2026 hasta el 31/03/2026') },
      { line: 4, message: expect.stringContaining('línea 3') },
    ]);
  });

  it('refuses a second line of the file for the same code and day', () => {
    expect(planFees([row(2, '2026-01-01'), row(5, '2026-01-01', null, 2000)], []).errors).toEqual([
      { line: 5, message: expect.stringContaining('línea 2') },
    ]);
  });
});
