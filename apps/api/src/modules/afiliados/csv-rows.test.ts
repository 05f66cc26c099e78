import { MESSAGES } from '@red-dental/contracts';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, headerKey } from '../../lib/csv-records.ts';
import { mapHeader, parseCsvDate, validateRecord } from './csv-rows.ts';

describe('CSV rows', () => {
  it('matches header aliases ignoring case, accents, spaces, underscores and dots', () => {
    expect(headerKey(' Número_de.Documento ')).toBe('numerodedocumento');
    expect(
      mapHeader([
        'Nombre Completo',
        'TIPO_DOCUMENTO',
        'Nro. Documento',
        'Fecha de Nacimiento',
        'E-mail',
        'Teléfono',
      ]),
    ).toEqual({ nombre: 0, tipo: 1, documento: 2, fecha: 3, email: 4, telefono: 5 });
    expect(mapHeader(['tipoDocumento', 'DNI', 'celular', 'mail', 'fecha_nacimiento', 'nombre'])).toEqual({
      tipo: 0,
      documento: 1,
      telefono: 2,
      email: 3,
      fecha: 4,
      nombre: 5,
    });
    expect(mapHeader(['algo', 'otra cosa'])).toEqual({});
  });

  it('reads dd/mm/yyyy and yyyy-mm-dd dates and refuses impossible ones', () => {
    expect(parseCsvDate('05/03/1980')).toBe('1980-03-05');
    expect(parseCsvDate('5/3/1980')).toBe('1980-03-05');
    expect(parseCsvDate('1980-03-05')).toBe('1980-03-05');
    expect(parseCsvDate('1980-03-05 00:00:00')).toBe('1980-03-05');
    expect(parseCsvDate('')).toBeNull();
    expect(parseCsvDate('31/02/1980')).toBeUndefined();
    expect(parseCsvDate('1980/03/05')).toBeUndefined();
    expect(parseCsvDate('ayer')).toBeUndefined();
    expect(parseCsvDate('01/01/2999')).toBeUndefined();
  });

  it('detects the separator outside quotes', () => {
    expect(detectDelimiter('nombre;documento;fecha')).toBe(';');
    expect(detectDelimiter('"Perez; Juan",documento')).toBe(',');
    expect(detectDelimiter('nombre')).toBe(',');
  });

  it('reads the plan by its code among the insurer’s, the card’s number and the fecha de alta', () => {
    const columns = mapHeader(['Nombre', 'Documento', 'Plan', 'Número de afiliado', 'Fecha de alta']);
    const planes = { obraSocial: 'OSDE', byCodigo: new Map([['pmo-plus', 4]]) };
    expect(
      validateRecord(
        2,
        ['Ana', '30123456', 'PMO-Plus', '60-1234-01', '01/03/2024'],
        columns,
        undefined,
        planes,
      ),
    ).toMatchObject({ row: { c: 4, u: '60-1234-01', a: '2024-03-01' } });
    expect(validateRecord(3, ['Ana', '30123456', '999', '', ''], columns, undefined, planes)).toEqual({
      error: 'OSDE no tiene un plan con el código "999" (cárguelo en Planes o corrija la línea)',
    });
    expect(validateRecord(4, ['Ana', '30123456', '', '', '31/02/2024'], columns, undefined, planes)).toEqual({
      error: 'Fecha de alta inválida: "31/02/2024" (use dd/mm/aaaa)',
    });
  });

  it('validates a record and reports its first problem in Spanish', () => {
    const columns = mapHeader(['nombre', 'tipo', 'documento', 'fecha_nacimiento', 'email']);
    expect(validateRecord(2, ['Ana Núñez', 'dni', '30.123.456', '01/02/1990', 'A@B.COM'], columns)).toEqual({
      row: {
        l: 2,
        d: '30123456',
        n: 'Ana Núñez',
        b: 'ana nunez',
        t: 'DNI',
        f: '1990-02-01',
        e: 'a@b.com',
        p: null,
        c: null,
        u: null,
        a: null,
      },
    });
    expect(validateRecord(3, ['Ana', '', '', '', ''], columns)).toEqual({
      error: 'Falta el número de documento',
    });
    expect(validateRecord(3, ['', '', '30123456', '', ''], columns)).toEqual({ error: 'Falta el nombre' });
    expect(validateRecord(3, ['Ana', 'CUIL', '30123456', '', ''], columns)).toEqual({
      error: 'Tipo de documento desconocido: "CUIL" (use DNI, Pasaporte, LE, LC o CI)',
    });
    expect(validateRecord(3, ['Ana', 'LE', '1234', '', ''], columns)).toEqual({
      error: 'El LE debe tener entre 6 y 9 dígitos',
    });
    expect(validateRecord(3, ['Ana', 'PASAPORTE', 'AAB123', 'x', ''], columns)).toEqual({
      error: 'Fecha de nacimiento inválida: "x" (use dd/mm/aaaa o aaaa-mm-dd)',
    });
    expect(validateRecord(3, ['Ana', '', '30123456', '02/01/2030', ''], columns, '2030-01-01')).toEqual({
      error: 'Fecha de nacimiento en el futuro: "02/01/2030" (es posterior a hoy)',
    });
    expect(validateRecord(3, ['Ana', '', '30123456', '2030-01-01', ''], columns, '2030-01-01')).toMatchObject(
      {
        row: { f: '2030-01-01' },
      },
    );
    expect(validateRecord(3, ['Ana', '', '30123456', '01/01/1850', ''], columns)).toEqual({
      error: 'Fecha de nacimiento inválida: "01/01/1850" (use dd/mm/aaaa o aaaa-mm-dd)',
    });
    expect(validateRecord(3, ['Ana', '', '30123456', '', 'ana@'], columns)).toEqual({
      error: 'Email inválido',
    });
  });

  it('refuses a record with text the database cannot store', () => {
    const columns = { nombre: 0, documento: 1 };
    expect(validateRecord(2, ['Ana\u0000', '30123456'], columns)).toEqual({
      error: MESSAGES.csv.ROW_BAD_TEXT,
    });
    expect(validateRecord(2, ['Ana \uD83D', '30123456'], columns)).toEqual({
      error: MESSAGES.csv.ROW_BAD_TEXT,
    });
  });
});
