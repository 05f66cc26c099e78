import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { readWrittenDate, writtenMoment } from '../src/lib/written-dates.ts';
import { afiliadoAuth, createAfiliado } from '../src/modules/afiliados/afiliados.factories.ts';
import { sendToAfiliadosOf } from '../src/modules/notificaciones/notificaciones.factories.ts';
import { createObraSocial } from '../src/modules/obras-sociales/obras-sociales.factories.ts';
import { createDentist } from '../src/modules/profesionales/profesionales.factories.ts';
import { BACKENDS, useTestApp } from './helpers.ts';

/** Buenos Aires keeps UTC-3 all year: a moment's wall clock there, in UTC fields as a workbook holds it. */
const buenosAiresWallClock = (at: Date) => new Date(at.getTime() - 3 * 3_600_000);

/** A workbook's first sheet, read back as Excel would open it: each row's cells by their header. */
async function openSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const column = (header: string) => {
    const index = headers.indexOf(header);
    if (index === -1) throw new Error(`no column ${header} in ${headers.join(', ')}`);
    return index + 1;
  };
  const rows: Map<string, ExcelJS.Row> = new Map();
  sheet.eachRow((row, n) => {
    if (n > 1) rows.set(String(row.getCell(1).value), row);
  });
  /** The cell of `header` in the row whose first cell is `first`. */
  const cell = (first: string, header: string) => rows.get(first)!.getCell(column(header));
  return { sheet, cell, column };
}

describe.each(BACKENDS)('dates in exported workbooks (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let os: { id: number };

  beforeAll(async () => {
    os = await createObraSocial(t.app, t.staff, { nombre: 'Obra Social de Fechas' });
    await createAfiliado(t.app, t.staff, os.id, {
      nombre: 'Amalia Fechas',
      documento: '20222333',
      fecha_nacimiento: '1985-03-07',
    });
    const baja = await createAfiliado(t.app, t.staff, os.id, {
      nombre: 'Bruno Fechas',
      documento: '20222444',
    });
    await t.inject('DELETE', `/api/afiliados/${baja.id}`, t.staff);
    // Given de baja at 01:30 in Buenos Aires on 2 March: still the 2nd there, the 2nd at 04:30 in UTC.
    await t.db.execute(sql`update afiliados set baja_at = '2026-03-02T04:30:00Z' where id = ${baja.id}`);
  });

  it("writes the affiliates' birthdays and bajas as Excel dates, on Buenos Aires' clock, documents still text", async () => {
    const res = await t.inject('GET', `/api/afiliados/export?obraSocialId=${os.id}&formato=xlsx`, t.staff);
    expect(res.statusCode, res.body).toBe(200);
    const { sheet, cell, column } = await openSheet(res.rawPayload);

    const born = cell('Amalia Fechas', 'Fecha de nacimiento');
    expect(born.type).toBe(ExcelJS.ValueType.Date);
    expect(born.numFmt).toBe('dd/mm/yyyy');
    expect(born.value).toEqual(new Date(Date.UTC(1985, 2, 7)));

    const baja = cell('Bruno Fechas', 'Dado de baja');
    expect(baja.type).toBe(ExcelJS.ValueType.Date);
    expect(baja.numFmt).toBe('dd/mm/yyyy hh:mm');
    // 01:30 local, not the 04:30 the server's clock says in UTC.
    expect(baja.value).toEqual(new Date(Date.UTC(2026, 2, 2, 1, 30)));
    // Wide enough to show it whole (a narrower date cell shows '#####').
    expect(sheet.getColumn(column('Dado de baja')).width).toBeGreaterThanOrEqual(17);

    // Text stays text, an empty date stays empty.
    expect(cell('Amalia Fechas', 'Documento').type).toBe(ExcelJS.ValueType.String);
    expect(cell('Amalia Fechas', 'Dado de baja').value).toBeNull();
  });

  it("writes when each recipient read a notification as a date-time cell, and the professionals' confirmed day as a date", async () => {
    const id = await sendToAfiliadosOf(t.app, t.staff, os.id, 'Fechas de la cartilla');
    const [reader] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from afiliados where documento = '20222333'`,
    );
    await t.inject('PUT', '/api/notificaciones/read', await afiliadoAuth(t.app, reader!.id), {
      notificacionId: id,
    });
    const [read] = await queryRows<{ read_at: Date | string }>(
      t.db,
      sql`select read_at from notificacion_destinatarios where notificacion_id = ${id} and read_at is not null`,
    );
    const readAt = new Date(read!.read_at);
    const res = await t.inject('GET', `/api/notificaciones/${id}/destinatarios/export?formato=xlsx`, t.staff);
    expect(res.statusCode, res.body).toBe(200);
    const { sheet, column } = await openSheet(res.rawPayload);
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1 && row.getCell(column('Nombre')).value === 'Amalia Fechas')
        cells.push(row.getCell(column('Leída el')));
    });
    expect(cells).toHaveLength(1);
    expect(cells[0]!.type).toBe(ExcelJS.ValueType.Date);
    expect(cells[0]!.numFmt).toBe('dd/mm/yyyy hh:mm');
    const minute = buenosAiresWallClock(readAt);
    minute.setUTCSeconds(0, 0);
    expect(cells[0]!.value).toEqual(minute);
    // The same moment the CSV writes.
    expect(readWrittenDate(writtenMoment(readAt)!)?.at).toEqual(minute);

    const dentist = await createDentist(t.app, t.admin, { nombre: 'Dra. Fecha Confirmada' });
    await t.db.execute(
      sql`update profesionales set datos_confirmados_at = '2026-05-01T02:00:00Z' where id = ${dentist.id}`,
    );
    const list = await t.inject(
      'GET',
      '/api/profesionales/export?search=fecha confirmada&formato=xlsx',
      t.staff,
    );
    expect(list.statusCode, list.body).toBe(200);
    const profesionales = await openSheet(list.rawPayload);
    const confirmed = profesionales.cell('Dra. Fecha Confirmada', 'Datos confirmados el');
    expect(confirmed.type).toBe(ExcelJS.ValueType.Date);
    expect(confirmed.numFmt).toBe('dd/mm/yyyy');
    // 23:00 of 30 April in Buenos Aires: that is its day.
    expect(confirmed.value).toEqual(new Date(Date.UTC(2026, 3, 30)));
  });
});

describe('readWrittenDate', () => {
  it.each([
    ['07/03/1985', new Date(Date.UTC(1985, 2, 7)), 'none'],
    ['02/03/2026 01:30', new Date(Date.UTC(2026, 2, 2, 1, 30)), 'minutes'],
    ['31/12/2025 23:59:58', new Date(Date.UTC(2025, 11, 31, 23, 59, 58)), 'seconds'],
  ])('reads %s as the day and time it shows', (text, at, time) => {
    expect(readWrittenDate(text)).toEqual({ at, time });
  });

  it.each(['31/02/2026', '07/03/1885', '7/3/1985', '07/03/1985 25:00', 'Dr. 07/03/1985', '20111222', ''])(
    'leaves %j as text',
    (text) => {
      expect(readWrittenDate(text)).toBeUndefined();
    },
  );
});
