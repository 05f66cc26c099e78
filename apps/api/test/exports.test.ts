import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { copyCsvOut } from '../src/db/copy-out.ts';
import { writtenMoment } from '../src/lib/written-dates.ts';
import { afiliadoAuth, createAfiliado } from '../src/modules/afiliados/afiliados.factories.ts';
import { sendToAfiliadosOf } from '../src/modules/notificaciones/notificaciones.factories.ts';
import { createObraSocial } from '../src/modules/obras-sociales/obras-sociales.factories.ts';
import { createDentist } from '../src/modules/profesionales/profesionales.factories.ts';
import { BACKENDS, loginAs, useTestApp } from './helpers.ts';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A CSV's records as a spreadsheet reads them: header row as keys. */
const records = (body: Buffer, delimiter = ',') =>
  parse(body, { bom: true, columns: true, delimiter }) as Record<string, string>[];

/** A workbook's first sheet as records, as a spreadsheet program would show it. */
async function sheetRecords(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
  });
  return { name: sheet.name, header, rows };
}

describe.each(BACKENDS)('exports (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;
  let os: { id: number; nombre: string };
  let otherOs: { id: number; nombre: string };

  /** Export rows of the caller, newest first, as the audit keeps them. */
  const exportAudits = (entity: string) =>
    queryRows<{ entity_id: string | null; details: Record<string, unknown> }>(
      t.db,
      sql`select entity_id, details from audit_log where action = 'export' and entity = ${entity} order by id desc`,
    );

  beforeAll(async () => {
    os = await createObraSocial(t.app, t.staff, { nombre: 'Obra Social Ñandú' });
    otherOs = await createObraSocial(t.app, t.staff, { nombre: 'Mutual Ferroviaria' });
    const begona = await createAfiliado(t.app, t.staff, os.id, {
      nombre: 'Begoña Ibáñez',
      documento: '20111222',
      fecha_nacimiento: '1985-03-07',
    });
    // A confirmed e-mail, a new one waiting for its link, and a phone, as the portal leaves them.
    await t.db.execute(
      sql`update afiliados set email = 'begona@correo.test', email_pendiente = 'begona.nueva@correo.test',
            telefono = '011 4000-1234' where id = ${begona.id}`,
    );
    // Given de baja: listed with the moment, and left out of the insurer's count below.
    const zulema = await createAfiliado(t.app, t.staff, os.id, {
      nombre: 'Zulema Baja',
      documento: '30999111',
    });
    await t.app.inject({ method: 'DELETE', url: `/api/afiliados/${zulema.id}`, headers: t.staff });
    await createAfiliado(t.app, t.staff, os.id, { nombre: 'Álvaro Núñez', documento: '20111333' });
    await createAfiliado(t.app, t.staff, otherOs.id, { nombre: 'Carla Ruiz', documento: '20111444' });
    const d = await createDentist(t.app, t.admin, { nombre: 'Dra. Inés Peña', obrasSociales: [os.id] });
    dentist = await loginAs(t.app, d.email, d.password);
  });

  describe('the affiliate list', () => {
    it('is a UTF-8 CSV with its BOM and the list’s columns, accents intact, in name order', async () => {
      const res = await t.inject('GET', `/api/afiliados/export?obraSocialId=${os.id}`, t.staff);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="afiliados-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.rawPayload.subarray(0, 3).equals(BOM)).toBe(true);
      expect(records(res.rawPayload)).toEqual([
        {
          Nombre: 'Álvaro Núñez',
          'Tipo de documento': 'DNI',
          Documento: '20111333',
          'Fecha de nacimiento': expect.any(String),
          'Obra social': 'Obra Social Ñandú',
          Plan: '',
          'Número de afiliado': '',
          'Fecha de alta': '',
          Email: '',
          'Email pendiente de confirmación': '',
          Teléfono: '',
          'Dado de baja': '',
        },
        {
          Nombre: 'Begoña Ibáñez',
          'Tipo de documento': 'DNI',
          Documento: '20111222',
          'Fecha de nacimiento': '07/03/1985',
          'Obra social': 'Obra Social Ñandú',
          Plan: '',
          'Número de afiliado': '',
          'Fecha de alta': '',
          Email: 'begona@correo.test',
          'Email pendiente de confirmación': 'begona.nueva@correo.test',
          Teléfono: '011 4000-1234',
          'Dado de baja': '',
        },
        {
          Nombre: 'Zulema Baja',
          'Tipo de documento': 'DNI',
          Documento: '30999111',
          'Fecha de nacimiento': expect.any(String),
          'Obra social': 'Obra Social Ñandú',
          Plan: '',
          'Número de afiliado': '',
          'Fecha de alta': '',
          Email: '',
          'Email pendiente de confirmación': '',
          Teléfono: '',
          'Dado de baja': expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
        },
      ]);
    });

    it('keeps the search and insurer of the screen, and writes `;` when asked', async () => {
      const bySearch = await t.inject('GET', '/api/afiliados/export?search=ruiz&separador=%3B', t.staff);
      expect(bySearch.statusCode, bySearch.body).toBe(200);
      expect(bySearch.rawPayload.toString('utf8')).toContain('Nombre;Tipo de documento;Documento');
      expect(records(bySearch.rawPayload, ';').map((r) => r.Nombre)).toEqual(['Carla Ruiz']);
      const byDocument = await t.inject('GET', '/api/afiliados/export?search=20111', t.staff);
      expect(records(byDocument.rawPayload).map((r) => r.Documento)).toEqual([
        '20111333',
        '20111222',
        '20111444',
      ]);
    });

    it('is an Excel workbook with the same rows, documents kept as text', async () => {
      const res = await t.inject('GET', `/api/afiliados/export?obraSocialId=${os.id}&formato=xlsx`, t.staff);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX);
      expect(res.headers['content-disposition']).toMatch(/filename="afiliados-\d{4}-\d{2}-\d{2}\.xlsx"$/);
      const sheet = await sheetRecords(res.rawPayload);
      expect(sheet.name).toBe('afiliados');
      expect(sheet.header).toEqual([
        'Nombre',
        'Tipo de documento',
        'Documento',
        'Fecha de nacimiento',
        'Obra social',
        'Plan',
        'Número de afiliado',
        'Fecha de alta',
        'Email',
        'Email pendiente de confirmación',
        'Teléfono',
        'Dado de baja',
      ]);
      expect(
        sheet.rows.map((r) => [
          r.Nombre,
          r.Documento,
          r['Obra social'],
          r.Email,
          r['Email pendiente de confirmación'],
          r.Teléfono,
        ]),
      ).toEqual([
        ['Álvaro Núñez', '20111333', 'Obra Social Ñandú', null, null, null],
        [
          'Begoña Ibáñez',
          '20111222',
          'Obra Social Ñandú',
          'begona@correo.test',
          'begona.nueva@correo.test',
          '011 4000-1234',
        ],
        ['Zulema Baja', '30999111', 'Obra Social Ñandú', null, null, null],
      ]);
    });

    it('is staff’s: a dentist checking coverage gets 403, nobody signed in 401', async () => {
      expect((await t.inject('GET', '/api/afiliados/export', dentist)).statusCode).toBe(403);
      expect((await t.inject('GET', '/api/afiliados/export')).statusCode).toBe(401);
    });

    it('refuses an unknown format or separator in Spanish', async () => {
      const res = await t.inject('GET', '/api/afiliados/export?formato=pdf', t.staff);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ formato: 'El formato debe ser csv o xlsx.' });
      const sep = await t.inject('GET', '/api/afiliados/export?separador=%7C', t.staff);
      expect(sep.json().fields).toEqual({ separador: 'El separador debe ser , o ;.' });
    });

    it('is recorded with who, the filters, the format and how many rows went out', async () => {
      await t.inject('GET', `/api/afiliados/export?obraSocialId=${otherOs.id}&formato=xlsx`, t.staff);
      const [last] = await exportAudits('afiliado');
      expect(last).toEqual({
        entity_id: null,
        details: { filtros: { obraSocialId: otherOs.id }, formato: 'xlsx', filas: 1, completa: true },
      });
      const audit = await t.inject('GET', '/api/auditoria?pageIndex=0&pageSize=5&accion=export', t.admin);
      expect(audit.json().rows[0]).toMatchObject({ action: 'export', entity: 'afiliado' });
    });
  });

  describe.runIf(backend === 'postgres')('written by COPY on PostgreSQL', () => {
    /** The file a route sends while both COPY slots are taken (from batches), then once they are free. */
    async function batchedThenCopied(url: string) {
      const held = [await copyCsvOut(t.db, sql`select 1`, ','), await copyCsvOut(t.db, sql`select 1`, ',')];
      expect(held.every((copy) => copy !== null)).toBe(true);
      const batched = await t.inject('GET', url, t.staff);
      for (const copy of held) {
        copy?.destroy();
        if (copy) await finished(copy).catch(() => {});
      }
      const copied = await t.inject('GET', url, t.staff);
      return { batched, copied };
    }

    it('sends, byte for byte, the file the batches send, for the affiliates and for recipients', async () => {
      const id = await sendToAfiliadosOf(t.app, t.staff, os.id, 'Cambios en la cartilla');
      for (const url of [
        '/api/afiliados/export?separador=%3B',
        `/api/afiliados/export?search=20111&obraSocialId=${os.id}`,
        '/api/afiliados/export?search=ibañez',
        `/api/notificaciones/${id}/destinatarios/export`,
      ]) {
        const { batched, copied } = await batchedThenCopied(url);
        expect(batched.statusCode, batched.body).toBe(200);
        expect(copied.statusCode, copied.body).toBe(200);
        expect(records(copied.rawPayload, url.includes('%3B') ? ';' : ',').length).toBeGreaterThan(0);
        expect(copied.rawPayload.equals(batched.rawPayload), url).toBe(true);
      }
    });
  });

  describe('the professional list', () => {
    it('lists the approved providers with their insurers, in CSV and in a workbook', async () => {
      const csv = await t.inject('GET', '/api/profesionales/export?search=peña', t.staff);
      expect(csv.statusCode, csv.body).toBe(200);
      const [row] = records(csv.rawPayload);
      expect(row).toMatchObject({
        Nombre: 'Dra. Inés Peña',
        Teléfono: '011 4800-1234',
        'Obras sociales': 'Obra Social Ñandú',
        'Acepta nuevos pacientes': 'Sí',
      });
      const xlsx = await t.inject('GET', '/api/profesionales/export?search=peña&formato=xlsx', t.staff);
      expect((await sheetRecords(xlsx.rawPayload)).rows.map((r) => r.Nombre)).toEqual(['Dra. Inés Peña']);
      expect((await t.inject('GET', '/api/profesionales/export?search=nadie', t.staff)).body).toBe(
        `\ufeff${Object.keys(row!).join(',')}\r\n`,
      );
      expect((await exportAudits('profesional'))[0]!.details).toMatchObject({
        filtros: { search: 'nadie' },
        filas: 0,
      });
    });

    it('is refused to a dentist', async () => {
      expect((await t.inject('GET', '/api/profesionales/export', dentist)).statusCode).toBe(403);
    });
  });

  describe('the insurer list', () => {
    it('gives each insurer with its phones, mails and affiliates', async () => {
      const res = await t.inject('GET', '/api/obra-sociales/export?separador=%3B', t.staff);
      expect(res.statusCode, res.body).toBe(200);
      const rows = records(res.rawPayload, ';');
      expect(rows.find((r) => r.Nombre === 'Obra Social Ñandú')).toMatchObject({ Afiliados: '2' });
      expect(rows.find((r) => r.Nombre === 'Mutual Ferroviaria')).toMatchObject({ Afiliados: '1' });
      expect((await exportAudits('obra_social'))[0]!.details).toMatchObject({
        formato: 'csv',
        filas: rows.length,
      });
    });
  });

  describe("a notification's recipients", () => {
    it('lists who received it and when each read it, on Buenos Aires’ clock', async () => {
      const id = await sendToAfiliadosOf(t.app, t.staff, os.id, 'Cartilla actualizada');
      const [reader] = await queryRows<{ id: number }>(
        t.db,
        sql`select id from afiliados where documento = '20111222'`,
      );
      const read = await t.inject('PUT', '/api/notificaciones/read', await afiliadoAuth(t.app, reader!.id), {
        notificacionId: id,
      });
      expect(read.statusCode, read.body).toBe(204);

      const res = await t.inject(
        'GET',
        `/api/notificaciones/${id}/destinatarios/export?formato=xlsx`,
        t.staff,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(
        /filename="destinatarios-notificacion-\d+-[\d-]+\.xlsx"$/,
      );
      const { rows } = await sheetRecords(res.rawPayload);
      // In the order the recipients were written.
      expect(rows.map((r) => [r.Destinatario, r.Nombre, r['Documento o email']]).sort()).toEqual([
        ['Afiliado', 'Begoña Ibáñez', '20111222'],
        ['Afiliado', 'Álvaro Núñez', '20111333'],
      ]);
      const byName = Object.fromEntries(rows.map((r) => [r.Nombre, r['Leída el']]));
      // A date cell of the workbook (exports-dates.test.ts reads its format and clock).
      expect(byName['Begoña Ibáñez']).toBeInstanceOf(Date);
      expect(byName['Álvaro Núñez']).toBeNull();

      // The CSV says the same, the moment read written as the screens write it.
      const [readAt] = await queryRows<{ read_at: Date | string }>(
        t.db,
        sql`select read_at from notificacion_destinatarios where notificacion_id = ${id} and read_at is not null`,
      );
      const csv = await t.inject(
        'GET',
        `/api/notificaciones/${id}/destinatarios/export?separador=%3B`,
        t.staff,
      );
      const csvRows = records(csv.rawPayload, ';');
      expect(csvRows).toHaveLength(2);
      expect(csvRows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Destinatario: 'Afiliado',
            Nombre: 'Begoña Ibáñez',
            'Leída el': writtenMoment(new Date(readAt!.read_at)),
          }),
          expect.objectContaining({ Nombre: 'Álvaro Núñez', 'Leída el': '' }),
        ]),
      );
      const [audit] = await exportAudits('notificacion');
      expect(audit).toMatchObject({ entity_id: String(id), details: { filas: 2, completa: true } });
    });

    it('says when the notification does not exist, and is staff’s', async () => {
      const missing = await t.inject('GET', '/api/notificaciones/999999/destinatarios/export', t.staff);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('La notificación no existe');
      expect((await t.inject('GET', '/api/notificaciones/1/destinatarios/export', dentist)).statusCode).toBe(
        403,
      );
    });
  });
});
