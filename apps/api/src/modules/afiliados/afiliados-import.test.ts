import { MESSAGES } from '@red-dental/contracts';
import { afiliadosCsv, generateAfiliados } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, multipart, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createAfiliado } from './afiliados.factories.ts';

interface ImportAnswer {
  count: number;
  created: number;
  updated: number;
  errors: { line: number; message: string }[];
  errorCount: number;
  dryRun: boolean;
}

/** n generated people with documents from `start` on, as a spreadsheet export (semicolons, CRLF) has them. */
function generated(n: number, start: number) {
  const rows = [...generateAfiliados(n, { seed: start, firstDocumento: start, documentos: 'sequential' })];
  const csv = afiliadosCsv(rows, {
    columns: ['nombre', 'tipoDocumento', 'documento', 'fecha_nacimiento', 'telefono'],
    separator: ';',
    lineEnd: '\r\n',
  });
  return { rows, csv };
}

describe.each(BACKENDS)('CSV import of affiliates (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;
  let osde: { id: number };
  let galeno: { id: number };

  beforeAll(async () => {
    dentist = await signInWithRole(t.app, t.admin, 'PRESTADOR');
    osde = await createObraSocial(t.app, t.staff, { nombre: 'OSDE Import' });
    galeno = await createObraSocial(t.app, t.staff, { nombre: 'Galeno Import' });
  });

  const upload = (
    content: Buffer | string,
    options: {
      obraSocialId?: number | string;
      dryRun?: boolean;
      name?: string;
      auth?: Record<string, string>;
    } = {},
  ) => {
    const fields: Record<string, string> =
      options.obraSocialId === undefined
        ? { obraSocialId: String(osde.id) }
        : { obraSocialId: String(options.obraSocialId) };
    if (options.obraSocialId === '') delete fields.obraSocialId;
    const body = multipart(fields, { name: options.name ?? 'afiliados.csv', content });
    return t.app.inject({
      method: 'POST',
      url: `/api/afiliados/import-csv${options.dryRun ? '?dryRun=true' : ''}`,
      headers: { ...(options.auth ?? t.staff), ...body.headers },
      payload: body.payload,
    });
  };

  const byDocumento = async (documento: string) => {
    const [row] = await queryRows<{
      nombre: string;
      tipo_documento: string;
      fecha_nacimiento: string | null;
      obra_social_id: number | null;
      email: string | null;
      telefono: string | null;
    }>(
      t.db,
      sql`select nombre, tipo_documento, fecha_nacimiento::text, obra_social_id, email, telefono
          from afiliados where documento = ${documento}`,
    );
    return row;
  };
  const countAfiliados = async () =>
    Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from afiliados`))[0]!.n);

  it('loads a UTF-8 file with commas, quoted separators and yyyy-mm-dd dates (201)', async () => {
    const csv = [
      'Nombre Completo,Tipo de Documento,Número de Documento,Fecha de Nacimiento,E-mail,Teléfono',
      '"Pérez, Juan Ignacio",DNI,30.100.001,1980-03-05,juan@correo.test,"011 4444-1111"',
      '"Muñoz; Ana ""la Negra""",pasaporte,aa-100002,,,',
      'García Ñañez Lucía,le,3010003,2001-12-31,,',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      obraSocial: { id: osde.id, nombre: 'OSDE Import' },
      count: 3,
      created: 3,
      updated: 0,
      reactivated: 0,
      deactivated: 0,
      deactivatedAfiliados: [],
      moved: 0,
      movedAfiliados: [],
      errors: [],
      errorCount: 0,
      missingPermissions: [],
      dryRun: false,
    });
    expect(await byDocumento('30100001')).toEqual({
      nombre: 'Pérez, Juan Ignacio',
      tipo_documento: 'DNI',
      fecha_nacimiento: '1980-03-05',
      obra_social_id: osde.id,
      email: 'juan@correo.test',
      telefono: '011 4444-1111',
    });
    expect(await byDocumento('AA100002')).toMatchObject({
      nombre: 'Muñoz; Ana "la Negra"',
      tipo_documento: 'Pasaporte',
    });
    expect(await byDocumento('3010003')).toMatchObject({
      tipo_documento: 'LE',
      fecha_nacimiento: '2001-12-31',
    });
    // Found by the staff search right away, accent-insensitively.
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/afiliados/paginated?search=nanez',
      headers: t.staff,
    });
    expect(found.json().rows.map((r: { documento: string }) => r.documento)).toEqual(['3010003']);
    const [audit] = await queryRows<{ details: { count: number } }>(
      t.db,
      sql`select details from audit_log where action = 'import' order by id desc limit 1`,
    );
    expect(audit!.details).toMatchObject({
      count: 3,
      created: 3,
      obraSocialId: osde.id,
      archivo: 'afiliados.csv',
    });
  });

  it('stores backslashes, tabs and line breaks inside quoted cells as written', async () => {
    // The valid rows reach the database as COPY text, where these characters, "\N" and "\." mean something.
    const csv = [
      'nombre,documento,telefono',
      'Barra \\N Invertida,30100010,"011\t4444\\5555\r\nint. 2"',
      'Punto Final,30100011,\\.',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ count: 2, created: 2, errorCount: 0 });
    expect(await byDocumento('30100010')).toMatchObject({
      nombre: 'Barra \\N Invertida',
      telefono: '011\t4444\\5555\r\nint. 2',
    });
    expect(await byDocumento('30100011')).toMatchObject({ nombre: 'Punto Final', telefono: '\\.' });
  });

  it('loads a Windows-1252 file with semicolons and dd/mm/yyyy dates, keeping ñ and accents', async () => {
    const csv =
      'APELLIDO;NOMBRE;DNI;FECHA_NACIMIENTO\r\nIbáñez;Martín;30.200.001;05/03/1980\r\nPeña;José;30200002;5/3/1981\r\n';
    const res = await upload(iconv.encode(csv, 'win1252'), { obraSocialId: galeno.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ count: 2, created: 2, errorCount: 0 });
    expect(await byDocumento('30200001')).toMatchObject({
      nombre: 'Ibáñez Martín',
      tipo_documento: 'DNI',
      fecha_nacimiento: '1980-03-05',
      obra_social_id: galeno.id,
    });
    expect(await byDocumento('30200002')).toMatchObject({
      nombre: 'Peña José',
      fecha_nacimiento: '1981-03-05',
    });
  });

  it('reports every row error by line while loading the valid rows', async () => {
    const csv = [
      'nombre;tipo;documento;fecha_nacimiento;email', // 1
      'Válido Uno;DNI;30300001;01/01/1990;', // 2
      'Sin Documento;DNI;;;', // 3
      '', // 4 (blank, skipped)
      'Fecha Mala;DNI;30300003;31/02/1990;', // 5
      'Tipo Raro;CUIL;30300004;;', // 6
      'Corto;dni;12345;;', // 7
      'Repetido;DNI;30.300.001;;', // 8: repeats line 2
      'Mail Malo;DNI;30300009;;no-es-mail', // 9
      ';DNI;30300010;;', // 10
      '"Multi', // 11
      'línea";DNI;30300011;;', // 12
      'Válido Dos;LC;30300012;1970-07-07;', // 13
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(201);
    const body = res.json() as ImportAnswer;
    expect(body).toMatchObject({ count: 3, created: 3, updated: 0, errorCount: 7 });
    expect(body.errors).toEqual([
      { line: 3, message: 'Falta el número de documento' },
      { line: 5, message: 'Fecha de nacimiento inválida: "31/02/1990" (use dd/mm/aaaa o aaaa-mm-dd)' },
      { line: 6, message: 'Tipo de documento desconocido: "CUIL" (use DNI, Pasaporte, LE, LC o CI)' },
      { line: 7, message: 'El DNI debe tener entre 6 y 9 dígitos' },
      { line: 8, message: 'Documento repetido en el archivo (ya figura en la línea 2)' },
      { line: 9, message: 'Email inválido' },
      { line: 10, message: 'Falta el nombre' },
    ]);
    expect(await byDocumento('30300001')).toMatchObject({ nombre: 'Válido Uno' });
    expect(await byDocumento('30300011')).toMatchObject({ nombre: 'Multi línea' });
    expect(await byDocumento('30300012')).toMatchObject({ tipo_documento: 'LC' });
    expect(await byDocumento('30300003')).toBeUndefined();
  });

  it('reports a quote left open (which swallows the rest of the file) at the line where it starts', async () => {
    const csv =
      'nombre,documento\nBien Uno,30400001\nO"Brien Dos,30400003\n"Mal cerrado,30400002\nPerdida,30400004\n';
    const body = (await upload(csv)).json() as ImportAnswer;
    expect(body.count).toBe(2);
    expect(await byDocumento('30400003')).toMatchObject({ nombre: 'O"Brien Dos' });
    expect(body.errors).toEqual([
      { line: 4, message: 'La línea no tiene un formato CSV válido (revise las comillas)' },
    ]);
  });

  it('upserts by document: moves affiliates to the chosen insurer and keeps data the file leaves empty', async () => {
    const existing = await createAfiliado(t.app, t.staff, osde.id, {
      nombre: 'Existente Antes',
      tipoDocumento: 'LE',
      documento: '5000001',
      fecha_nacimiento: '1945-01-02',
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/afiliados/profile',
      headers: {
        authorization: `Bearer ${await t.app.signAfiliadoToken({ id: existing.id, tokenVersion: 0 }, { birthdateProven: false })}`,
      },
      payload: { telefono: '11 4000-1234' },
    });
    const csv = 'nombre,documento,tipo,fecha_nacimiento,telefono\nExistente Despues,5.000.001,,,\n';
    const first = (await upload(csv, { obraSocialId: galeno.id })).json() as ImportAnswer;
    expect(first).toMatchObject({ count: 1, created: 0, updated: 1 });
    expect(await byDocumento(existing.documento)).toMatchObject({
      nombre: 'Existente Despues',
      tipo_documento: 'LE',
      fecha_nacimiento: '1945-01-02',
      obra_social_id: galeno.id,
      telefono: '11 4000-1234',
    });
    const again = (await upload(csv, { obraSocialId: galeno.id })).json() as ImportAnswer;
    expect(again).toMatchObject({ count: 1, created: 0, updated: 0 });
  });

  it('answers a dry run with the same summary and writes nothing', async () => {
    const csv = 'nombre;documento\nSeco Uno;30600001\nSeco Dos;30600002\nSeco Mal;1\n';
    const before = await countAfiliados();
    const dry = await upload(csv, { dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ count: 2, created: 2, updated: 0, errorCount: 1, dryRun: true });
    expect(await countAfiliados()).toBe(before);
    const real = await upload(csv);
    expect(real.statusCode).toBe(201);
    expect({ ...real.json(), dryRun: true }).toEqual(dry.json());
  });

  it('refuses files that are not CSV, empty, header-only or without a documento column, before writing', async () => {
    const before = await countAfiliados();
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.alloc(512, 7),
    ]);
    const binary = await upload(png, { name: 'afiliados.csv' });
    expect(binary.statusCode).toBe(415);
    expect(binary.json()).toEqual({
      error: 'El archivo no es un CSV de texto (UTF-8 o Windows-1252)',
      code: 'TIPO_NO_ADMITIDO',
    });
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('El archivo está vacío');
    const blank = await upload('\r\n\r\n');
    expect(blank.json().error).toBe('El archivo está vacío');
    const headerOnly = await upload('nombre;documento\r\n');
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().error).toBe(
      'El archivo solo tiene la fila de encabezados: no hay afiliados para cargar',
    );
    const noDocumento = await upload('nombre;fecha\nJuan;01/01/1990\n');
    expect(noDocumento.statusCode).toBe(400);
    expect(noDocumento.json().error).toMatch(/^El archivo no tiene una columna de documento/);
    expect(await countAfiliados()).toBe(before);
  });

  it('asks for an insurer and a file, refuses unknown insurers, non-multipart bodies and non-staff', async () => {
    const missing = await upload('nombre;documento\nA;30700001\n', { obraSocialId: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'Por favor, selecciona una obra social y un archivo CSV.',
      fields: { obraSocialId: 'La obra social es obligatoria' },
    });
    const noFile = multipart({ obraSocialId: String(osde.id) });
    const noFileRes = await t.app.inject({
      method: 'POST',
      url: '/api/afiliados/import-csv',
      headers: { ...t.staff, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(noFileRes.json().fields).toEqual({ file: 'El archivo CSV es obligatorio' });
    const unknown = await upload('nombre;documento\nA;30700001\n', { obraSocialId: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('La obra social seleccionada no existe');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/afiliados/import-csv',
      headers: t.staff,
      payload: { obraSocialId: osde.id },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload('nombre;documento\nA;30700001\n', { auth: dentist })).statusCode).toBe(403);
  });

  it('lands whole or not at all: a failure in the final upsert leaves the database as it was', async () => {
    // The database itself refuses one row of the upsert (as a constraint would), after every batch was staged.
    await t.db.execute(sql`
      create function refuse_test_row() returns trigger language plpgsql as $$
      begin raise exception 'fila rechazada'; end $$`);
    await t.db.execute(sql`
      create trigger refuse_test_row before insert on afiliados
      for each row when (new.documento = '30899999') execute function refuse_test_row()`);
    try {
      const before = await countAfiliados();
      const [{ n: auditsBefore }] = (await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from audit_log where action = 'import'`,
      )) as [{ n: number }];
      const rows = Array.from({ length: 4999 }, (_, i) => `Lote ${i};${30800000 + i}`);
      const res = await upload(`nombre;documento\n${rows.join('\n')}\nRechazada;30899999\n`);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: 'Ocurrió un error inesperado, por favor intente nuevamente',
        code: 'ERROR_INTERNO',
      });
      expect(await countAfiliados()).toBe(before);
      expect(await byDocumento('30800000')).toBeUndefined();
      const [{ n: auditsAfter }] = (await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from audit_log where action = 'import'`,
      )) as [{ n: number }];
      expect(auditsAfter).toBe(auditsBefore);
    } finally {
      await t.db.execute(sql`drop trigger refuse_test_row on afiliados`);
      await t.db.execute(sql`drop function refuse_test_row()`);
    }
  });

  it('refuses a file with a NUL byte anywhere, past the first 8 KB too, and writes nothing', async () => {
    const before = await countAfiliados();
    const { csv } = generated(400, 41_000_000);
    const res = await upload(`${csv}Ana\u0000 Pérez;DNI;41999999;;\r\n`);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(MESSAGES.csv.NOT_TEXT);
    expect(await countAfiliados()).toBe(before);
  });

  it('imports 20,000 rows, and a second import of the same file changes nothing', async () => {
    const { rows, csv } = generated(20_000, 40_000_000);
    const started = performance.now();
    const first = await upload(csv);
    const firstMs = performance.now() - started;
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ count: 20_000, created: 20_000, updated: 0, errorCount: 0 });
    const second = await upload(csv);
    expect(second.json()).toMatchObject({ count: 20_000, created: 0, updated: 0, errorCount: 0 });
    const last = rows.at(-1)!;
    expect(await byDocumento('40019999')).toMatchObject({ nombre: last.nombre, telefono: last.telefono });
    console.info(`[${backend}] 20,000-row import: ${Math.round(firstMs)} ms`);
  }, 60_000);
});

describe('CSV import size limit', () => {
  const t = useTestApp('pglite', { env: { MAX_CSV_MB: '0.01' } });

  it('refuses a file past MAX_CSV_MB with 413', async () => {
    const os = await createObraSocial(t.app, t.admin);
    const body = multipart(
      { obraSocialId: String(os.id) },
      { name: 'grande.csv', content: generated(1000, 50_000_000).csv },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/afiliados/import-csv',
      headers: { ...t.admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'El archivo supera el tamaño máximo de 0 MB',
      code: 'DEMASIADO_GRANDE',
    });
  });
});
