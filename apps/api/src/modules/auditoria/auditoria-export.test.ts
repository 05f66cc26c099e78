import { randomBytes } from 'node:crypto';
import { auditoriaRowSchema, MESSAGES, paginatedSchema } from '@red-dental/contracts';
import { uniqueDocumento } from '@red-dental/testing';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createAfiliado } from '../afiliados/afiliados.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';
import { type AuditRowInput, insertAuditRow, queryString } from './auditoria.factories.ts';

const auditPage = paginatedSchema(auditoriaRowSchema);
const CSV_HEADER = 'Fecha,Usuario,Email,Rol,Acción,Qué,Sobre,Documento del afiliado,Detalle,Dirección IP';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A document no affiliate holds, unique to the test: rows inserted with it are the only ones it finds. */
const uniqueTag = () => `T${randomBytes(5).toString('hex').toUpperCase()}`;

describe.each(BACKENDS)('auditoría: the export and the names (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let os: { id: number; nombre: string };

  const insertRow = (row: AuditRowInput) => insertAuditRow(t.db, row);

  async function list(query: Record<string, string | number>, auth = t.admin) {
    const res = await t.inject(
      'GET',
      `/api/auditoria?${queryString({ pageIndex: 0, pageSize: 100, ...query })}`,
      auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    return auditPage.parse(res.json());
  }

  async function exportCsv(query: Record<string, string | number>, auth = t.admin) {
    return t.inject('GET', `/api/auditoria/export?${queryString(query)}`, auth);
  }

  /** The CSV's records (the header row apart), as a spreadsheet would read them. */
  const records = (text: string, delimiter = ',') =>
    parse(text, { bom: true, columns: true, delimiter }) as Record<string, string>[];

  beforeAll(async () => {
    os = await createObraSocial(t.app, t.staff, { nombre: 'OSDE Exportada' });
  });

  describe('the CSV export', () => {
    it('downloads the filtered rows as UTF-8 CSV with a BOM and a header row, accents kept, quoted per RFC 4180', async () => {
      const documento = uniqueTag();
      await insertRow({
        documento,
        createdAt: '2025-03-09T15:04:05Z',
        actorNombre: 'José Núñez Peña',
        actorLabel: 'jose@example.com',
        action: 'consult',
        entityId: '42',
        details: { documento, found: true },
        address: '190.210.1.2',
      });
      await insertRow({
        documento,
        createdAt: '2025-03-10T03:00:00Z',
        actorNombre: 'Pérez, Juan "el Tano"',
        actorRol: 'Profesional',
        action: 'read',
        details: null,
        address: null,
      });
      await insertRow({ documento: uniqueTag(), createdAt: '2025-03-09T16:00:00Z' });

      const res = await exportCsv({ documento });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.rawPayload.subarray(0, 3).equals(BOM)).toBe(true);
      const text = res.rawPayload.toString('utf8');
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe(CSV_HEADER);
      expect(lines).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
      expect(lines[3]).toBe('');
      // A comma and quotes: the cell is quoted and its quotes doubled.
      expect(lines[1]).toBe(
        `10/03/2025 00:00:00,"Pérez, Juan ""el Tano""",insertado@example.com,Profesional,Vio datos de afiliados,Abrió la ficha de,afiliado,${documento},,`,
      );
      expect(records(text)).toEqual([
        {
          Fecha: '10/03/2025 00:00:00',
          Usuario: 'Pérez, Juan "el Tano"',
          Email: 'insertado@example.com',
          Rol: 'Profesional',
          Acción: 'Vio datos de afiliados',
          Qué: 'Abrió la ficha de',
          Sobre: 'afiliado',
          'Documento del afiliado': documento,
          Detalle: '',
          'Dirección IP': '',
        },
        {
          Fecha: '09/03/2025 12:04:05',
          Usuario: 'José Núñez Peña',
          Email: 'jose@example.com',
          Rol: 'ADMINISTRATIVO',
          // No affiliate 42 in this database: named by the document the row kept.
          Acción: `Consultó la cobertura del afiliado con documento ${documento} (eliminado)`,
          Qué: 'Consultó la cobertura de',
          Sobre: 'afiliado',
          'Documento del afiliado': documento,
          Detalle: 'Afiliado encontrado',
          'Dirección IP': '190.210.1.2',
        },
      ]);
    });

    it('writes a leading apostrophe before a cell a spreadsheet would run as a formula', async () => {
      const documento = uniqueTag();
      for (const [minute, actorNombre] of [
        ['01', '=HYPERLINK("http://malo.example","Ver")'],
        ['02', '+54 11 4800-1234'],
        ['03', '-2+3'],
        ['04', '@SUM(A1:A2)'],
      ] as const)
        await insertRow({ documento, createdAt: `2025-06-01T12:${minute}:00Z`, actorNombre });
      const res = await exportCsv({ documento });
      expect(records(res.body).map((r) => r.Usuario)).toEqual([
        "'@SUM(A1:A2)",
        "'-2+3",
        "'+54 11 4800-1234",
        `'=HYPERLINK("http://malo.example","Ver")`,
      ]);
      expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
    });

    it('exports only what the filters match, and records each export with its filters and row count', async () => {
      const documento = uniqueTag();
      await insertRow({ documento, createdAt: '2025-07-01T12:00:00Z', action: 'read' });
      await insertRow({ documento, createdAt: '2025-07-02T12:00:00Z', action: 'update' });
      await insertRow({ documento, createdAt: '2025-07-03T12:00:00Z', action: 'update' });

      const updates = await exportCsv({
        documento,
        accion: 'update',
        desde: '2025-07-01',
        hasta: '2025-07-03',
      });
      expect(records(updates.body).map((r) => r.Acción)).toEqual([
        `Modificó el afiliado con documento ${documento}`,
        `Modificó el afiliado con documento ${documento}`,
      ]);
      const nothing = await exportCsv({ actor: 'nadie-se-llama-asi' });
      expect(nothing.statusCode).toBe(200);
      expect(nothing.rawPayload.toString('utf8')).toBe(`\uFEFF${CSV_HEADER}\r\n`);

      const me = (await t.inject('GET', '/api/user/me', t.admin)).json() as { id: number };
      const exports = await list({ accion: 'export', entidad: 'auditoria' });
      const mine = exports.rows.filter((r) => r.actorEmail === ADMIN.email);
      expect(mine[0]).toMatchObject({
        action: 'export',
        entity: 'auditoria',
        actorRol: 'ADMINISTRADOR',
        details: { filtros: { actor: 'nadie-se-llama-asi' }, formato: 'csv', filas: 0, completa: true },
      });
      expect(mine[1]).toMatchObject({
        details: {
          filtros: { documento, accion: 'update', desde: '2025-07-01', hasta: '2025-07-03' },
          filas: 2,
          completa: true,
        },
      });
      const [written] = await queryRows<{ actor_user_id: number }>(
        t.db,
        sql`select actor_user_id from audit_log where id = ${mine[0]!.id}`,
      );
      expect(written!.actor_user_id).toBe(me.id);
    });

    it('answers the 31st export of the same user in an hour with 429', async () => {
      const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRADOR']);
      const auth = await loginAs(t.app, user.email, user.password);
      const documento = uniqueTag();
      for (let i = 0; i < 30; i++) expect((await exportCsv({ documento }, auth)).statusCode).toBe(200);
      const refused = await exportCsv({ documento }, auth);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'DEMASIADOS_INTENTOS', error: MESSAGES.RATE_LIMITED });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The others' quota is their own.
      expect((await exportCsv({ documento })).statusCode).toBe(200);
      // Only the exports that went out are in the log.
      const [{ n }] = (await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from audit_log where actor_user_id = ${user.id} and action = 'export'`,
      )) as [{ n: number }];
      expect(n).toBe(30);
    });
  });

  describe('the separator and the readable columns', () => {
    it('writes `;` when asked, as the other lists take it, and refuses a workbook or another separator in Spanish', async () => {
      const documento = uniqueTag();
      await insertRow({
        documento,
        createdAt: '2025-08-01T12:00:00Z',
        actorNombre: 'Ana; la del punto y coma',
      });
      const res = await exportCsv({ documento, separador: ';' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.subarray(0, 3).equals(BOM)).toBe(true);
      const text = res.rawPayload.toString('utf8');
      expect(text.slice(1).split('\r\n')[0]).toBe(CSV_HEADER.replaceAll(',', ';'));
      expect(records(text, ';').map((r) => r.Usuario)).toEqual(['Ana; la del punto y coma']);
      expect(text).toContain('"Ana; la del punto y coma"');

      // A workbook too, like every list's export.
      const xlsx = await exportCsv({ documento, formato: 'xlsx' });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      expect(xlsx.headers['content-disposition']).toMatch(/auditoria-\d{4}-\d{2}-\d{2}\.xlsx/);
      const tab = await exportCsv({ documento, separador: '\t' });
      expect(tab.statusCode).toBe(400);
      expect(tab.json().fields).toEqual({ separador: 'El separador debe ser , o ;.' });
    });

    it("names each row's subject as it is now, or as the row recorded it once deleted, and writes the details as text", async () => {
      const documento = uniqueDocumento();
      const lucia = await createAfiliado(t.app, t.staff, os.id, { nombre: 'Lucía Acuña', documento });
      const dotted = documento.replace(/\B(?=(\d{3})+$)/g, '.');
      await insertRow({
        documento,
        createdAt: '2030-01-01T12:00:00Z',
        action: 'update',
        entityId: String(lucia.id),
        details: { antes: { telefono: '341 555-0000' }, telefono: '341 555-1111' },
        afiliadoIds: [lucia.id],
      });
      await insertRow({
        documento,
        createdAt: '2030-01-01T12:01:00Z',
        action: 'update',
        entity: 'zona',
        entityId: '999999',
        details: { antes: { nombre: 'Centro', numero: 1 }, nombre: 'Centro Norte', numero: 1 },
      });
      await insertRow({
        documento,
        createdAt: '2030-01-01T12:02:00Z',
        action: 'delete',
        entity: 'obra_social',
        entityId: '999998',
        details: { nombre: 'Mutual Cerrada' },
      });

      const page = await list({ documento });
      expect(page.rows.find((r) => r.action === 'create')?.nombres).toEqual({
        [`afiliado:${lucia.id}`]: { nombre: 'Lucía Acuña', tipoDocumento: 'DNI', documento },
        [`obra_social:${os.id}`]: { nombre: 'OSDE Exportada' },
      });

      const csv = records((await exportCsv({ documento })).body);
      expect(csv.map((r) => [r.Acción, r.Qué, r.Sobre, r.Detalle])).toEqual([
        ['Eliminó la obra social Mutual Cerrada', 'Eliminó', 'obra social', ''],
        ['Modificó la zona Centro Norte (eliminada)', 'Modificó', 'zona', 'Nombre: Centro → Centro Norte'],
        [
          `Modificó el afiliado Lucía Acuña (DNI ${dotted})`,
          'Modificó',
          'afiliado',
          'Teléfono: 341 555-0000 → 341 555-1111',
        ],
        [`Creó el afiliado Lucía Acuña (DNI ${dotted})`, 'Creó', 'afiliado', 'Obra social: OSDE Exportada'],
      ]);
      expect(csv.map((r) => r.Detalle).join('')).not.toMatch(/[{}]/);
    });

    it("looks a page's names up in one statement, however many rows and records it names", async () => {
      const documento = uniqueTag();
      const afiliados = [];
      for (let i = 0; i < 5; i++)
        afiliados.push(await createAfiliado(t.app, t.staff, os.id, { nombre: `Paciente ${i}` }));
      for (const [i, a] of afiliados.entries())
        await insertRow({
          documento,
          createdAt: `2031-01-01T12:0${i}:00Z`,
          action: 'read',
          entityId: String(a.id),
          details: { obraSocialId: os.id },
        });
      const statements: string[] = [];
      const execute = t.db.execute.bind(t.db);
      t.db.execute = ((query: Parameters<typeof execute>[0]) => {
        // A statement of the query builder may not serialise; the lookups are plain SQL that does.
        try {
          statements.push(JSON.stringify(query));
        } catch {}
        return execute(query);
      }) as typeof execute;
      try {
        const page = await list({ documento });
        expect(page.rows.map((r) => r.nombres[`afiliado:${r.entityId}`]?.nombre)).toEqual([
          'Paciente 4',
          'Paciente 3',
          'Paciente 2',
          'Paciente 1',
          'Paciente 0',
        ]);
      } finally {
        t.db.execute = execute;
      }
      expect(statements.filter((s) => s.includes('from afiliados where id = any'))).toHaveLength(1);
    });
  });
});
