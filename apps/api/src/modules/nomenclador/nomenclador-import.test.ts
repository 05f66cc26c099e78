import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { CODIGOS_CSV, importCodigos } from './nomenclador.factories.ts';

const M = MESSAGES.nomenclador;

describe.each(BACKENDS)('CSV import of the code table (%s)', (backend) => {
  const t = useTestApp(backend);

  const codigos = () =>
    queryRows<{
      codigo: string;
      nombre: string;
      area: string;
      caras_min: number;
      caras_max: number;
      unidades: number | null;
    }>(
      t.db,
      sql`select codigo, nombre, area, caras_min, caras_max, unidades from codigos_prestacion order by codigo`,
    );

  it('previews a table without writing, then loads it whole, counting new, changed and unchanged codes', async () => {
    const preview = await importCodigos(t.app, t.admin, CODIGOS_CSV, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      dryRun: true,
      count: 7,
      created: 7,
      updated: 0,
      unchanged: 0,
      errors: [],
      errorCount: 0,
    });
    expect(await codigos()).toEqual([]);

    const loaded = await importCodigos(t.app, t.admin, CODIGOS_CSV);
    expect(loaded.statusCode).toBe(201);
    expect(loaded.json()).toMatchObject({ dryRun: false, count: 7, created: 7 });
    expect((await codigos()).find((c) => c.codigo === '02.02')).toEqual({
      codigo: '02.02',
      nombre: 'Obturación con amalgama. Cavidad compuesta o compleja',
      area: 'caras',
      caras_min: 2,
      caras_max: 5,
      unidades: 300,
    });

    // The same table with one fee's units changed and one code more.
    const next = `${CODIGOS_CSV.replace(';caras;1;1;ambas;2,5', ';caras;1;1;ambas;2,75')}\r\n10.01;10;Extracción dentaria;pieza;;;ambas;4`;
    const again = await importCodigos(t.app, t.admin, next);
    expect(again.json()).toMatchObject({ count: 8, created: 1, updated: 1, unchanged: 6 });
    expect((await codigos()).find((c) => c.codigo === '02.01')?.unidades).toBe(275);

    const [audit] = await queryRows<{ details: unknown }>(
      t.db,
      sql`select details from audit_log where action = 'import' and entity = 'nomenclador' order by id desc limit 1`,
    );
    expect(audit?.details).toEqual({
      archivo: 'nomenclador.csv',
      count: 8,
      created: 1,
      updated: 1,
      unchanged: 6,
    });

    // A sheet without the optional columns changes names only: units, dentition and norms stay.
    const names =
      'codigo;nombre;area;caras_min;caras_max\n02.01;Obturación simple;caras;1;1\n03.01;Tratamiento endodóntico en unirradiculares;pieza;;\n';
    expect((await importCodigos(t.app, t.admin, names)).json()).toMatchObject({
      count: 2,
      updated: 1,
      unchanged: 1,
    });
    expect((await codigos()).find((c) => c.codigo === '02.01')).toMatchObject({
      nombre: 'Obturación simple',
      unidades: 275,
    });
  });

  it('lists every bad line in words and loads nothing while any remains', async () => {
    const before = await codigos();
    const csv = [
      'Código,Capítulo,Nombre,Área,Caras Mín,Caras Máx,Dentición,Unidades',
      '2.01,02,Mal escrito,caras,1,1,ambas,1',
      '11.01,11,Capítulo once,boca,,,ambas,1',
      '03.09,02,Capítulo cruzado,pieza,,,ambas,1',
      '02.09,02,Sin caras,caras,,,ambas,1',
      '02.10,02,Demasiadas caras,caras,3,6,ambas,1',
      '05.09,05,Caras de más,boca,1,1,ambas,1',
      '05.10,05,,boca,,,ambas,1',
      '05.11,05,Área rara,diente,,,ambas,1',
      '05.12,05,Dentición rara,boca,,,mixta,1',
      '05.13,05,Unidades raras,boca,,,ambas,dos',
      '05.14,05,Bien escrito,Boca,,,Permanente,"1,5"',
      '05.14,05,Repetido,boca,,,ambas,1',
      '"05.15,05,Comillas sin cerrar,boca,,,ambas,1',
    ].join('\n');
    const preview = await importCodigos(t.app, t.admin, csv, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ count: 1, created: 1, errorCount: 12 });
    expect(preview.json().errors.slice(0, 11)).toEqual([
      { line: 2, message: M.ROW_BAD_CODIGO('2.01') },
      { line: 3, message: M.ROW_BAD_CAPITULO('11') },
      { line: 4, message: M.ROW_CAPITULO_MISMATCH('03.09', '02') },
      { line: 5, message: M.ROW_BAD_CARAS },
      { line: 6, message: M.ROW_BAD_CARAS },
      { line: 7, message: M.ROW_CARAS_NOT_CARAS('boca') },
      { line: 8, message: M.ROW_NO_NOMBRE },
      { line: 9, message: M.ROW_BAD_AREA('diente') },
      { line: 10, message: M.ROW_BAD_DENTICION('mixta') },
      { line: 11, message: M.ROW_BAD_UNIDADES('dos') },
      { line: 13, message: M.ROW_DUPLICATE(12) },
    ]);

    const refused = await importCodigos(t.app, t.admin, csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(M.HAS_ERRORS('12'));
    expect(await codigos()).toEqual(before);
  });

  it('reads a Latin-1 spreadsheet with semicolons, and refuses a file without the needed columns or not text', async () => {
    const latin1 = iconv.encode('codigo;nombre;area\r\n08.01;Tartrectomía y raspaje;boca\r\n', 'win1252');
    const loaded = await importCodigos(t.app, t.admin, latin1);
    expect(loaded.statusCode).toBe(201);
    const [row] = await queryRows<{ nombre: string; capitulo: string; denticion: string }>(
      t.db,
      sql`select nombre, capitulo, denticion from codigos_prestacion where codigo = '08.01'`,
    );
    expect(row).toEqual({ nombre: 'Tartrectomía y raspaje', capitulo: '08', denticion: 'ambas' });

    const missing = await importCodigos(t.app, t.admin, 'codigo;descripcion\n01.01;Consulta\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(M.MISSING_COLUMNS(['area']));

    const binary = await importCodigos(t.app, t.admin, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]));
    expect(binary.statusCode).toBe(415);
    expect(binary.json().error).toBe(MESSAGES.csv.NOT_TEXT);

    const headerOnly = await importCodigos(t.app, t.admin, 'codigo;nombre;area\n');
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().error).toBe(M.HEADER_ONLY);
  });
});
