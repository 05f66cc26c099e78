import { randomBytes } from 'node:crypto';
import { auditoriaRowSchema, MESSAGES, PERMISSIONS, paginatedSchema } from '@red-dental/contracts';
import { buildPdf, uniqueDocumento } from '@red-dental/testing';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { seedCatalogue } from '../../db/seed/base.ts';
import { createAfiliado } from '../afiliados/afiliados.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';
import { type AuditRowInput, insertAuditRow, queryString } from './auditoria.factories.ts';

const M = MESSAGES.auditoria;
const auditPage = paginatedSchema(auditoriaRowSchema);
const _PDF = buildPdf(['Cartilla actualizada', 'Vigente desde el 1 de diciembre']);

/** A document no affiliate holds, unique to the test: rows inserted with it are the only ones it finds. */
const uniqueTag = () => `T${randomBytes(5).toString('hex').toUpperCase()}`;

describe.each(BACKENDS)('auditoría (%s)', (backend) => {
  const t = useTestApp(backend);
  let staff: Record<string, string>;
  let staffUser: { id: number; email: string };
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
  const records = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];

  /** A dentist's coverage check of one document, as the dentist's screen asks it. */
  async function checkCoverage(auth: Record<string, string>, documento: string) {
    const res = await t.inject(
      'GET',
      `/api/afiliados/paginated?${queryString({ pageIndex: 0, pageSize: 10, search: documento })}`,
      auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: { id: number }[]; rowCount: number };
  }

  beforeAll(async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    // The name the staff member's rows carry, copied when each is written.
    await t.db.execute(sql`update users set nombre = 'Mónica Auditada Ríos' where id = ${user.id}`);
    staffUser = user;
    staff = await loginAs(t.app, user.email, user.password);
    os = await createObraSocial(t.app, staff, { nombre: 'OSDE Auditoría' });
  });

  describe('who may read the log', () => {
    it('gives the ADMINISTRADOR role AUDIT.GET, and gives it back at the next start if it went missing', async () => {
      const holds = async () =>
        (
          await queryRows<{ n: number }>(
            t.db,
            sql`select count(*)::int as n from role_permissions rp
                join roles r on r.id = rp.role_id join permissions p on p.id = rp.permission_id
                where r.name = 'ADMINISTRADOR' and p.name = ${PERMISSIONS.AUDIT_GET}`,
          )
        )[0]!.n;
      expect(await holds()).toBe(1);
      const roles = (await t.inject('GET', '/api/roles', t.admin)).json() as {
        name: string;
        permissions: string[];
      }[];
      expect(roles.find((r) => r.name === 'ADMINISTRADOR')!.permissions).toContain('AUDIT.GET');

      // A database from before the permission existed: the next start's seed grants it.
      await t.db.execute(
        sql`delete from role_permissions where permission_id = (select id from permissions where name = 'AUDIT.GET')`,
      );
      expect((await t.inject('GET', '/api/auditoria', t.admin)).statusCode).toBe(403);
      await seedCatalogue(t.db);
      expect(await holds()).toBe(1);
      expect((await t.inject('GET', '/api/auditoria', t.admin)).statusCode).toBe(200);
    });

    it('refuses staff without AUDIT.GET (403) and callers without a session (401), and lets in any role holding it', async () => {
      for (const url of ['/api/auditoria', '/api/auditoria/export']) {
        const refused = await t.inject('GET', url, staff);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'SIN_PERMISO' });
        expect((await t.inject('GET', url)).statusCode).toBe(401);
      }
      const role = await t.inject('POST', '/api/roles', t.admin, {
        name: 'AUDITOR EXTERNO',
        permissions: ['AUDIT.GET', 'BACKOFFICE_ACCESS'],
      });
      expect(role.statusCode, role.body).toBe(201);
      const auditor = await createUserWithRoles(t.app, t.admin, ['AUDITOR EXTERNO']);
      const auth = await loginAs(t.app, auditor.email, auditor.password);
      expect((await t.inject('GET', '/api/auditoria', auth)).statusCode).toBe(200);
      // Reading the log does not let them into the affiliates' registry.
      expect((await t.inject('GET', '/api/afiliados/paginated', auth)).statusCode).toBe(403);
    });
  });

  describe('the log, filtered and paged', () => {
    it("finds a staff member's rows by part of their name or e-mail, whatever the case", async () => {
      await createAfiliado(t.app, staff, os.id);
      const byName = await list({ actor: 'AUDITADA' });
      expect(byName.rowCount).toBeGreaterThanOrEqual(2);
      expect(byName.rows.length).toBe(byName.rowCount);
      for (const row of byName.rows)
        expect(row).toMatchObject({
          actorNombre: 'Mónica Auditada Ríos',
          actorEmail: staffUser.email,
          actorRol: 'ADMINISTRATIVO',
        });
      expect(byName.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['create']));
      expect(byName.rows.map((r) => r.entity)).toEqual(expect.arrayContaining(['obra_social', 'afiliado']));

      const localPart = staffUser.email.split('@')[0]!;
      const byEmail = await list({ actor: localPart.slice(-8).toUpperCase() });
      expect(byEmail.rows.map((r) => r.id)).toEqual(byName.rows.map((r) => r.id));

      expect(await list({ actor: 'nadie-se-llama-asi' })).toEqual({ rows: [], rowCount: 0 });
      // LIKE's wildcards are letters like any other.
      expect(await list({ actor: '%' })).toEqual({ rows: [], rowCount: 0 });
      expect(await list({ actor: '_' })).toEqual({ rows: [], rowCount: 0 });
    });

    it("finds a professional's rows by part of their professional name", async () => {
      const dentist = await createDentist(t.app, t.admin, { nombre: 'Eulalia Búsqueda Ferreyra' });
      const auth = await loginAs(t.app, dentist.email, dentist.password);
      await checkCoverage(auth, uniqueDocumento());
      const page = await list({ actor: 'búsqueda ferr', accion: 'consult' });
      expect(page.rowCount).toBe(1);
      expect(page.rows[0]).toMatchObject({
        actorNombre: 'Eulalia Búsqueda Ferreyra',
        actorEmail: dentist.email,
        actorRol: 'Profesional',
        action: 'consult',
        entity: 'afiliado',
      });
    });

    it("finds an actor's rows by name whatever apostrophes, hyphens and spaces are typed", async () => {
      const dentist = await createDentist(t.app, t.admin, { nombre: "Nélida D'Alessandro-Paz" });
      await checkCoverage(await loginAs(t.app, dentist.email, dentist.password), uniqueDocumento());
      for (const actor of ['dalessandropaz', 'd alessandro paz', 'D’Alessandro', 'nelida dalessandro']) {
        const page = await list({ actor, accion: 'consult' });
        expect(
          page.rows.map((r) => r.actorNombre),
          actor,
        ).toEqual(["Nélida D'Alessandro-Paz"]);
      }
    });

    it('filters by action and by entity, alone and together', async () => {
      const consults = await list({ accion: 'consult' });
      expect(consults.rowCount).toBeGreaterThan(0);
      for (const row of consults.rows) expect(row.action).toBe('consult');

      const insurers = await list({ entidad: 'obra_social' });
      expect(insurers.rowCount).toBeGreaterThan(0);
      for (const row of insurers.rows) expect(row.entity).toBe('obra_social');

      const both = await list({ accion: 'create', entidad: 'obra_social', actor: 'auditada' });
      expect(both.rows.map((r) => [r.action, r.entity, r.entityId])).toEqual([
        ['create', 'obra_social', String(os.id)],
      ]);
      // An empty select means no filter.
      expect((await list({ accion: '', entidad: '', actor: '', documento: '' })).rowCount).toBeGreaterThan(
        both.rowCount,
      );
    });

    it("finds an affiliate's rows by document, with the staff searches that showed them and checks made before they existed", async () => {
      const documento = uniqueDocumento();
      const dentist = await createDentist(t.app, t.admin);
      const dentistAuth = await loginAs(t.app, dentist.email, dentist.password);
      // Checked before being registered: not found then, and still about this document.
      await checkCoverage(dentistAuth, documento);
      const afiliado = await createAfiliado(t.app, staff, os.id, {
        nombre: 'Rosario Quispewayta Mamani',
        documento,
      });
      const other = await createAfiliado(t.app, staff, os.id);
      await checkCoverage(dentistAuth, documento);
      await checkCoverage(dentistAuth, other.documento);
      const search = await t.inject(
        'GET',
        '/api/afiliados/paginated?pageIndex=0&pageSize=10&search=quispewayta',
        staff,
      );
      expect(search.json().rows.map((r: { id: number }) => r.id)).toEqual([afiliado.id]);
      expect((await t.inject('GET', `/api/afiliados/${afiliado.id}`, staff)).statusCode).toBe(200);

      const page = await list({ documento });
      expect(page.rows.map((r) => r.action)).toEqual(['read', 'search', 'consult', 'create', 'consult']);
      expect(page.rowCount).toBe(5);
      const [read, shown, found, created, notFound] = page.rows;
      expect(read).toMatchObject({
        documento,
        entityId: String(afiliado.id),
        actorNombre: 'Mónica Auditada Ríos',
      });
      // The search named the affiliate by record only: it is found all the same.
      expect(shown).toMatchObject({
        documento: null,
        details: { search: 'quispewayta', ids: [afiliado.id] },
      });
      expect(found).toMatchObject({ documento, actorRol: 'Profesional', details: { found: true } });
      expect(created).toMatchObject({ documento, entityId: String(afiliado.id) });
      expect(notFound).toMatchObject({ documento, entityId: null, details: { found: false } });

      const theirs = await list({ documento: other.documento });
      expect(theirs.rows.map((r) => r.action)).toEqual(['consult', 'create']);
      expect(await list({ documento: uniqueDocumento() })).toEqual({ rows: [], rowCount: 0 });
      expect((await list({ documento, accion: 'consult' })).rows.map((r) => r.details)).toEqual([
        { documento, found: true },
        { documento, found: false },
      ]);
    });

    it('finds the same rows however the document is typed, in the list and in its export', async () => {
      const afiliado = await createAfiliado(t.app, staff, os.id);
      const dentist = await createDentist(t.app, t.admin);
      await checkCoverage(await loginAs(t.app, dentist.email, dentist.password), afiliado.documento);
      const plain = await list({ documento: afiliado.documento });
      expect(plain.rows.map((r) => r.action)).toEqual(['consult', 'create']);
      const [, millions, thousands, units] = /^(\d+)(\d{3})(\d{3})$/.exec(afiliado.documento)!;
      for (const typed of [
        `${millions}.${thousands}.${units}`,
        ` ${millions} ${thousands} ${units} `,
        `${millions}-${thousands}${units}`,
      ]) {
        expect(await list({ documento: typed }), typed).toEqual(plain);
        const exported = await exportCsv({ documento: typed });
        expect(
          records(exported.body).map((r) => r['Documento del afiliado']),
          typed,
        ).toEqual([afiliado.documento, afiliado.documento]);
      }
      // Punctuation alone is no document: nobody's rows.
      expect(await list({ documento: '.-' })).toEqual({ rows: [], rowCount: 0 });
    });

    it('takes desde and hasta as days in Buenos Aires, both ends included', async () => {
      const documento = uniqueTag();
      // Buenos Aires is three hours behind UTC: its 9 March runs from 03:00 UTC that day to 03:00 UTC the next.
      const at = async (createdAt: string) => insertRow({ documento, createdAt, entityId: createdAt });
      await at('2025-03-09T02:59:59.999Z'); // 8 March, 23:59:59.999
      await at('2025-03-09T03:00:00.000Z'); // 9 March, 00:00
      await at('2025-03-10T02:59:59.999Z'); // 9 March, 23:59:59.999
      await at('2025-03-10T03:00:00.000Z'); // 10 March, 00:00
      const days = async (query: Record<string, string>) =>
        (await list({ documento, ...query })).rows.map((r) => r.entityId);

      expect(await days({ desde: '2025-03-09', hasta: '2025-03-09' })).toEqual([
        '2025-03-10T02:59:59.999Z',
        '2025-03-09T03:00:00.000Z',
      ]);
      expect(await days({ desde: '2025-03-09' })).toEqual([
        '2025-03-10T03:00:00.000Z',
        '2025-03-10T02:59:59.999Z',
        '2025-03-09T03:00:00.000Z',
      ]);
      expect(await days({ hasta: '2025-03-09' })).toEqual([
        '2025-03-10T02:59:59.999Z',
        '2025-03-09T03:00:00.000Z',
        '2025-03-09T02:59:59.999Z',
      ]);
      expect(await days({ desde: '2025-03-08', hasta: '2025-03-08' })).toEqual(['2025-03-09T02:59:59.999Z']);
      expect(await days({ desde: '2025-03-10', hasta: '' })).toEqual(['2025-03-10T03:00:00.000Z']);
      expect(await days({ desde: '2025-03-11' })).toEqual([]);
    });

    it('pages newest first, with the number of rows matching', async () => {
      const documento = uniqueTag();
      const ids: number[] = [];
      for (const minute of ['00', '01', '02', '03'])
        ids.push(await insertRow({ documento, createdAt: `2025-05-02T15:${minute}:00Z` }));
      // Two rows written in the same instant: the later one first.
      ids.push(await insertRow({ documento, createdAt: '2025-05-02T15:03:00Z' }));
      const newestFirst = [ids[4], ids[3], ids[2], ids[1], ids[0]];

      const pages = [];
      for (const pageIndex of [0, 1, 2, 3]) pages.push(await list({ documento, pageIndex, pageSize: 2 }));
      expect(pages.map((p) => p.rowCount)).toEqual([5, 5, 5, 5]);
      expect(pages.map((p) => p.rows.map((r) => r.id))).toEqual([
        newestFirst.slice(0, 2),
        newestFirst.slice(2, 4),
        newestFirst.slice(4),
        [],
      ]);
      expect(pages[0]!.rows[0]).toMatchObject({
        createdAt: '2025-05-02T15:03:00.000Z',
        actorNombre: 'Fila Insertada',
        actorEmail: 'insertado@example.com',
        documento,
        address: '10.0.0.1',
      });
    });

    it('refuses a date that is not a day, or desde after hasta, in Spanish (400)', async () => {
      for (const url of ['/api/auditoria', '/api/auditoria/export']) {
        for (const desde of ['2025-02-30', '09/03/2025', '2025-3-9', 'ayer']) {
          const res = await t.inject('GET', `${url}?desde=${encodeURIComponent(desde)}`, t.admin);
          expect(res.statusCode, `${url} desde=${desde}`).toBe(400);
          expect(res.json()).toMatchObject({ code: 'VALIDACION', fields: { desde: M.DATE_INVALID } });
        }
        const hasta = await t.inject('GET', `${url}?hasta=2025-13-01`, t.admin);
        expect(hasta.json()).toMatchObject({ fields: { hasta: M.DATE_INVALID } });
        const reversed = await t.inject('GET', `${url}?desde=2025-03-10&hasta=2025-03-09`, t.admin);
        expect(reversed.statusCode).toBe(400);
        expect(reversed.json()).toMatchObject({
          error: M.RANGE_INVALID,
          code: 'VALIDACION',
          fields: { hasta: M.RANGE_INVALID },
        });
        const action = await t.inject('GET', `${url}?accion=borrar-todo`, t.admin);
        expect(action.statusCode).toBe(400);
        expect(action.json().fields).toHaveProperty('accion');
      }
      // The same day at both ends is one day.
      expect(
        (await t.inject('GET', '/api/auditoria?desde=2025-03-09&hasta=2025-03-09', t.admin)).statusCode,
      ).toBe(200);
    });
  });
});
