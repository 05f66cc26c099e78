import { afiliadoInputSchema } from '@red-dental/contracts';
import { describe, expect, it } from 'vitest';
import { afiliadosCsv, generateAfiliados } from './afiliados.ts';

describe('generateAfiliados', () => {
  it('gives the same people for the same seed, and others for another', () => {
    const first = [...generateAfiliados(50, { seed: 3 })];
    expect([...generateAfiliados(50, { seed: 3 })]).toEqual(first);
    expect([...generateAfiliados(50, { seed: 4 })].map((a) => a.nombre)).not.toEqual(
      first.map((a) => a.nombre),
    );
  });

  it('never repeats a document, spread or sequential', () => {
    const spread = [...generateAfiliados(20_000)].map((a) => a.documento);
    expect(new Set(spread).size).toBe(20_000);
    expect(spread.every((d) => /^\d{8}$/.test(d))).toBe(true);
    const sequential = [...generateAfiliados(3, { firstDocumento: 20_000_000, documentos: 'sequential' })];
    expect(sequential.map((a) => a.documento)).toEqual(['20000000', '20000001', '20000002']);
  });

  it('makes people the API accepts as they are', () => {
    for (const a of generateAfiliados(200, { seed: 9 })) {
      const { apellido: _a, primerNombre: _p, telefono: _t, ...body } = a;
      expect(afiliadoInputSchema.safeParse({ ...body, obraSocial: { id: 1 } }).success).toBe(true);
      expect(a.nombre.endsWith(a.apellido)).toBe(true);
    }
  });
});

describe('afiliadosCsv', () => {
  const people = [...generateAfiliados(3, { seed: 1, firstDocumento: 30_000_000, documentos: 'sequential' })];

  it('writes a header and one line per person, dates as dd/mm/aaaa', () => {
    const lines = afiliadosCsv(people).trimEnd().split('\n');
    expect(lines[0]).toBe('nombre,tipo documento,documento,fecha de nacimiento');
    const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(people[0]!.fecha_nacimiento)!;
    expect(lines[1]).toBe(`${people[0]!.nombre},DNI,30000000,${d}/${m}/${y}`);
    expect(lines).toHaveLength(4);
  });

  it('takes the columns, separator and line end of the spreadsheet it imitates, quoting when needed', () => {
    const quoted = [{ ...people[0]!, nombre: 'Pérez; "Tito"' }];
    expect(afiliadosCsv(quoted, { columns: ['nombre', 'documento'], separator: ';', lineEnd: '\r\n' })).toBe(
      'nombre;documento\r\n"Pérez; ""Tito""";30000000\r\n',
    );
  });
});
