import { readMails, uniqueDocumento } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';
import { afiliadoAuth, createAfiliado } from './afiliados.factories.ts';
import { estimateMatches, findFewMatches } from './afiliados.repository.ts';

describe.each(BACKENDS)('afiliados (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;
  let osde: { id: number; nombre: string };
  let galeno: { id: number; nombre: string };

  beforeAll(async () => {
    dentist = await signInWithRole(t.app, t.admin, 'PRESTADOR');
    osde = await createObraSocial(t.app, t.staff, { nombre: 'OSDE Afiliados' });
    galeno = await createObraSocial(t.app, t.staff, { nombre: 'Galeno Afiliados' });
  });

  describe('create, read, edit', () => {
    it('creates an affiliate (201) with a normalised document', async () => {
      const res = await t.inject('POST', '/api/afiliados', t.staff, {
        nombre: ' María José Núñez ',
        tipoDocumento: 'DNI',
        documento: '30.123.456',
        fecha_nacimiento: '1985-02-28',
        obraSocial: { id: osde.id },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        nombre: 'María José Núñez',
        tipoDocumento: 'DNI',
        documento: '30123456',
        fecha_nacimiento: '1985-02-28',
        obraSocial: { id: osde.id, nombre: 'OSDE Afiliados' },
        plan: null,
        numeroAfiliado: null,
        fechaAlta: null,
        fechaBaja: null,
        email: null,
        telefono: null,
      });
      const read = await t.inject('GET', `/api/afiliados/${res.json().id}`, t.staff);
      expect(read.statusCode).toBe(200);
      // The record as staff edit it: with no e-mail or phone yet.
      expect(read.json()).toEqual({
        ...res.json(),
        email: null,
        emailPendiente: null,
        emailPendienteVencido: false,
        telefono: null,
      });
      const [audit] = await queryRows<{ action: string; actor_label: string }>(
        t.db,
        sql`select action, actor_label from audit_log where entity = 'afiliado' and entity_id = ${String(res.json().id)}`,
      );
      expect(audit).toMatchObject({ action: 'create' });
    });

    it('answers 409 for a document that already exists, however it is written', async () => {
      const documento = uniqueDocumento();
      await createAfiliado(t.app, t.staff, osde.id, { documento });
      const res = await t.inject('POST', '/api/afiliados', t.staff, {
        nombre: 'Otro',
        tipoDocumento: 'DNI',
        documento: `${documento.slice(0, 2)}.${documento.slice(2, 5)}.${documento.slice(5)}`,
        obraSocial: { id: osde.id },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'Ya existe un afiliado con ese documento', code: 'CONFLICTO' });
    });

    it('validates in Spanish: required fields, DNI digits, date, unknown insurer', async () => {
      const empty = await t.inject('POST', '/api/afiliados', t.staff, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual({
        nombre: 'El nombre es obligatorio',
        tipoDocumento: 'El tipo de documento es obligatorio',
        documento: 'El número de documento es obligatorio',
        obraSocial: 'La obra social es obligatoria',
      });
      const base = { nombre: 'Ana', tipoDocumento: 'DNI', obraSocial: { id: osde.id } };
      const short = await t.inject('POST', '/api/afiliados', t.staff, { ...base, documento: '12.345' });
      expect(short.json()).toMatchObject({
        error: 'El documento debe tener entre 6 y 9 dígitos',
        fields: { documento: 'El documento debe tener entre 6 y 9 dígitos' },
      });
      const letters = await t.inject('POST', '/api/afiliados', t.staff, {
        ...base,
        tipoDocumento: 'LE',
        documento: 'AB1234',
      });
      expect(letters.statusCode).toBe(400);
      const tipo = await t.inject('POST', '/api/afiliados', t.staff, {
        ...base,
        tipoDocumento: 'CUIT',
        documento: '1',
      });
      expect(tipo.json().fields.tipoDocumento).toBe('El tipo de documento no es válido');
      const fecha = await t.inject('POST', '/api/afiliados', t.staff, {
        ...base,
        documento: uniqueDocumento(),
        fecha_nacimiento: '1990-02-30',
      });
      expect(fecha.json().fields).toEqual({ fecha_nacimiento: 'La fecha de nacimiento no es válida' });
      const os = await t.inject('POST', '/api/afiliados', t.staff, {
        ...base,
        documento: uniqueDocumento(),
        obraSocial: { id: 999999 },
      });
      expect(os.statusCode).toBe(400);
      expect(os.json()).toMatchObject({ error: 'La obra social seleccionada no existe' });
    });

    it('accepts a passport with letters and a type in any case', async () => {
      const res = await t.inject('POST', '/api/afiliados', t.staff, {
        nombre: 'John Smith',
        tipoDocumento: 'pasaporte',
        documento: 'ab-123456',
        fecha_nacimiento: '',
        obraSocial: { id: galeno.id },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        tipoDocumento: 'Pasaporte',
        documento: 'AB123456',
        fecha_nacimiento: null,
      });
    });

    it('edits an affiliate (200), with 404 for an unknown id and 409 for a taken document', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id);
      const b = await createAfiliado(t.app, t.staff, osde.id);
      const res = await t.inject('PUT', `/api/afiliados/${a.id}`, t.staff, {
        nombre: 'Nombre Editado',
        tipoDocumento: 'DNI',
        documento: a.documento,
        fecha_nacimiento: null,
        obraSocial: { id: galeno.id },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: a.id,
        nombre: 'Nombre Editado',
        fecha_nacimiento: null,
        obraSocial: { id: galeno.id, nombre: 'Galeno Afiliados' },
      });
      const body = { nombre: 'X', tipoDocumento: 'DNI', documento: b.documento, obraSocial: { id: osde.id } };
      expect((await t.inject('PUT', `/api/afiliados/${a.id}`, t.staff, body)).statusCode).toBe(409);
      expect(
        (await t.inject('PUT', '/api/afiliados/999999', t.staff, { ...body, documento: '11222333' })).json(),
      ).toEqual({
        error: 'El afiliado no existe',
        code: 'NO_ENCONTRADO',
      });
    });

    it('edits an affiliate left without an insurer without assigning one, but creates none without one', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id);
      const fields = { tipoDocumento: 'DNI', documento: a.documento, fecha_nacimiento: null };
      const unassigned = await t.inject('PUT', `/api/afiliados/${a.id}`, t.staff, {
        ...fields,
        nombre: 'Nombre Mal Escrito',
        obraSocial: null,
      });
      expect(unassigned.json()).toMatchObject({ nombre: 'Nombre Mal Escrito', obraSocial: null });
      const fixed = await t.inject('PUT', `/api/afiliados/${a.id}`, t.staff, {
        ...fields,
        nombre: 'Nombre Bien Escrito',
        obraSocial: null,
      });
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json()).toMatchObject({ nombre: 'Nombre Bien Escrito', obraSocial: null });
      const created = await t.inject('POST', '/api/afiliados', t.staff, {
        ...fields,
        documento: uniqueDocumento(),
        nombre: 'Sin Obra Social',
        obraSocial: null,
      });
      expect(created.statusCode).toBe(400);
      expect(created.json().fields).toMatchObject({ obraSocial: 'La obra social es obligatoria' });
    });
  });

  describe('search', () => {
    let insurer: { id: number };
    beforeAll(async () => {
      insurer = await createObraSocial(t.app, t.staff, { nombre: 'Búsqueda Salud' });
      const people: [string, string][] = [
        ['GONZÁLEZ, Juan Pablo', '27111222'],
        ['Gonzalez Ana', '27111333'],
        ['Pérez Juan', '27999000'],
        ['Ñañez Lucía', '28111444'],
        ['Al Amin', '28111555'],
      ];
      for (const [nombre, documento] of people)
        await createAfiliado(t.app, t.staff, insurer.id, { nombre, documento });
      await createAfiliado(t.app, t.staff, osde.id, { nombre: 'Gonzalez Otro Plan', documento: '27111999' });
    });

    const page = async (auth: Record<string, string>, query: string) => {
      const res = await t.inject('GET', `/api/afiliados/paginated?${query}`, auth);
      expect(res.statusCode).toBe(200);
      return res.json() as { rows: { nombre: string; documento: string }[]; rowCount: number };
    };

    it('finds by name for staff, ignoring case and accents, every word matching, ordered by name', async () => {
      const result = await page(
        t.staff,
        `obraSocialId=${insurer.id}&search=${encodeURIComponent('gonzalez')}`,
      );
      expect(result.rows.map((r) => r.nombre)).toEqual(['Gonzalez Ana', 'GONZÁLEZ, Juan Pablo']);
      expect(result.rowCount).toBe(2);
      const both = await page(t.staff, `search=${encodeURIComponent('JUAN gonzález')}`);
      expect(both.rows.map((r) => r.nombre)).toEqual(['GONZÁLEZ, Juan Pablo']);
      const enie = await page(t.staff, `search=${encodeURIComponent('nanez')}`);
      expect(enie.rows.map((r) => r.documento)).toEqual(['28111444']);
      const short = await page(t.staff, 'search=al');
      expect(short.rows.map((r) => r.nombre)).toEqual(['Al Amin']);
      // Each typed word is the start of a word of the name, in any order, as staff type them.
      const starts = await page(t.staff, `search=${encodeURIComponent('pab gonz')}`);
      expect(starts.rows.map((r) => r.nombre)).toEqual(['GONZÁLEZ, Juan Pablo']);
      const inside = await page(t.staff, 'search=onzal');
      expect(inside.rowCount).toBe(0);
    });

    it('indexes every prefix of every word of the folded name, and of the runs of words it reads joined', async () => {
      const [row] = await queryRows<{ plain: string[]; joined: string[]; empty: string[]; none: string[] }>(
        t.db,
        sql`select name_prefixes('ana maria gomez') as plain, name_prefixes(${"de la fuente, d'alessandro-paz"}) as joined,
                   name_prefixes('') as empty, name_prefixes(null) as none`,
      );
      const prefixes = (...words: string[]) => words.flatMap((w) => [...w].map((_, n) => w.slice(0, n + 1)));
      expect(row!.plain.sort()).toEqual(prefixes('ana', 'maria', 'gomez').sort());
      // A particle reads joined to the next word, and so does a word written against the next with marks
      // between them; a space or a comma alone parts them.
      expect(row!.joined.sort()).toEqual(
        prefixes('delafuente', 'lafuente', 'fuente', 'dalessandropaz', 'alessandropaz', 'paz').sort(),
      );
      expect(row!.empty).toEqual([]);
      expect(row!.none).toEqual([]);
    });

    describe('with spaces, apostrophes and hyphens counting for nothing', () => {
      let apostrofos: { id: number };
      beforeAll(async () => {
        apostrofos = await createObraSocial(t.app, t.staff, { nombre: 'Apóstrofos Salud' });
        for (const nombre of [
          "D'Alessandro, Juan",
          'D’ Alessandro Rocío',
          'Delafuente Ana',
          'De la Fuente, Marta',
          'Ana María Gómez',
          'Pérez-García, Rosa',
        ])
          await createAfiliado(t.app, t.staff, apostrofos.id, { nombre });
      });

      const names = async (search: string) =>
        (await page(t.staff, `obraSocialId=${apostrofos.id}&search=${encodeURIComponent(search)}`)).rows.map(
          (r) => r.nombre,
        );

      it.each([
        ['dalessandro', ["D'Alessandro, Juan", 'D’ Alessandro Rocío']],
        ["d'alessandro", ["D'Alessandro, Juan", 'D’ Alessandro Rocío']],
        ['juan dalessandro', ["D'Alessandro, Juan"]],
        ['alessandro', ["D'Alessandro, Juan", 'D’ Alessandro Rocío']],
        ['de la fuente', ['De la Fuente, Marta', 'Delafuente Ana']],
        ['delafuente', ['De la Fuente, Marta', 'Delafuente Ana']],
        ['ana de la fuente', ['Delafuente Ana']],
        ['fuente marta', ['De la Fuente, Marta']],
        ['perezgarcia', ['Pérez-García, Rosa']],
        ['garcia perez', ['Pérez-García, Rosa']],
        ['ana gomez', ['Ana María Gómez']],
        ['gomez ana maria', ['Ana María Gómez']],
        ["' - ", []],
      ])('"%s" finds %j', async (search, found) => {
        expect(await names(search)).toEqual(found);
      });
    });

    it('finds by document prefix for staff, with the insurer filter and paging', async () => {
      const all = await page(t.staff, 'search=27.111');
      expect(all.rowCount).toBe(3);
      const filtered = await page(t.staff, `search=27111&obraSocialId=${insurer.id}&pageSize=1&pageIndex=1`);
      expect(filtered.rowCount).toBe(2);
      expect(filtered.rows).toHaveLength(1);
      expect(filtered.rows[0]!.nombre).toBe('GONZÁLEZ, Juan Pablo');
      const listing = await page(t.staff, `obraSocialId=${insurer.id}&pageSize=50`);
      expect(listing.rowCount).toBe(5);
      expect(listing.rows.map((r) => r.nombre)).toEqual([
        'Al Amin',
        'Gonzalez Ana',
        'GONZÁLEZ, Juan Pablo',
        'Ñañez Lucía',
        'Pérez Juan',
      ]);
    });

    it('gives dentists only the exact document, and nothing without a search', async () => {
      expect(await page(dentist, '')).toEqual({ rows: [], rowCount: 0 });
      expect(await page(dentist, 'search=27111')).toEqual({ rows: [], rowCount: 0 });
      expect(await page(dentist, 'search=gonzalez')).toEqual({ rows: [], rowCount: 0 });
      const exact = await page(dentist, 'search=27.111.222');
      expect(exact.rowCount).toBe(1);
      expect(exact.rows[0]).toMatchObject({
        documento: '27111222',
        obraSocial: { nombre: 'Búsqueda Salud' },
      });
      // The insurer filter is staff-only: a dentist's filter is ignored, not used to probe.
      expect((await page(dentist, `search=27111222&obraSocialId=${osde.id}`)).rowCount).toBe(1);
      const list = await t.inject('GET', '/api/afiliados?search=27111222', dentist);
      expect(list.json()).toHaveLength(1);
      expect((await t.inject('GET', '/api/afiliados', dentist)).json()).toEqual([]);
    });

    it('caps the plain list (limit default 100, at most 1000)', async () => {
      const res = await t.inject('GET', `/api/afiliados?limit=2&obraSocialId=${insurer.id}`, t.staff);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(2);
      expect((await t.inject('GET', '/api/afiliados?limit=1001', t.staff)).statusCode).toBe(400);
    });

    it('answers an estimate, never below the cap, once matches pass the count cap', async () => {
      const filter = { kind: 'all' as const, obraSocialId: insurer.id };
      const page = { limit: 2, offset: 2 };
      const few = await findFewMatches(t.db, filter, page, 10);
      expect(few?.rowCount).toBe(5);
      expect(few?.rows.map((r) => r.nombre)).toEqual(['GONZÁLEZ, Juan Pablo', 'Ñañez Lucía']);
      expect(await findFewMatches(t.db, filter, { limit: 2, offset: 10 }, 10)).toEqual({
        rowCount: 5,
        rows: [],
      });
      expect(await findFewMatches(t.db, filter, page, 3)).toBeUndefined();
      expect(await estimateMatches(t.db, filter, 3)).toBeGreaterThanOrEqual(4);
    });
  });

  describe('coverage checks', () => {
    it("writes each of a dentist's lookups to the audit log, found or not", async () => {
      const checker = await createUserWithRoles(t.app, t.admin, ['PRESTADOR']);
      const auth = await loginAs(t.app, checker.email, checker.password);
      const afiliado = await createAfiliado(t.app, t.staff, osde.id);
      const missing = uniqueDocumento();
      expect(
        (await t.inject('GET', `/api/afiliados/paginated?search=${afiliado.documento}`, auth)).statusCode,
      ).toBe(200);
      expect((await t.inject('GET', `/api/afiliados?search=${missing}`, auth)).json()).toEqual([]);
      const audit = await queryRows<{ action: string; entity_id: string | null; details: unknown }>(
        t.db,
        // The dentist's own sign-in is on the record too; these are the lookups.
        sql`select action, entity_id, details from audit_log where actor_label = ${checker.email} and action <> 'login' order by id`,
      );
      expect(audit).toEqual([
        {
          action: 'consult',
          entity_id: String(afiliado.id),
          details: { documento: afiliado.documento, found: true },
        },
        { action: 'consult', entity_id: null, details: { documento: missing, found: false } },
      ]);
      // Staff searches are not coverage checks.
      const staffRows = await queryRows(
        t.db,
        sql`select 1 from audit_log where action = 'consult' and actor_label like 'administrativo%'`,
      );
      expect(staffRows).toEqual([]);
    });

    it("writes staff's searches and reads of an affiliate's record to the audit log, with the client address", async () => {
      const reader = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const auth = await loginAs(t.app, reader.email, reader.password);
      const afiliado = await createAfiliado(t.app, t.staff, osde.id, { nombre: 'Rosa Auditada' });
      const from = { ...auth };
      const get = (url: string) =>
        t.app.inject({ method: 'GET', url, headers: from, remoteAddress: '203.0.113.7' });
      expect((await get(`/api/afiliados/paginated?search=${afiliado.documento}`)).json().rowCount).toBe(1);
      expect((await get('/api/afiliados?search=rosa%20auditada')).statusCode).toBe(200);
      expect((await get(`/api/afiliados/${afiliado.id}`)).statusCode).toBe(200);
      const audit = await queryRows<{
        action: string;
        entity_id: string | null;
        details: unknown;
        address: string;
      }>(
        t.db,
        sql`select action, entity_id, details, address from audit_log
            where actor_label = ${reader.email} and action <> 'login' order by id`,
      );
      expect(audit).toEqual([
        {
          action: 'search',
          entity_id: null,
          details: { search: afiliado.documento, obraSocialId: null, ids: [afiliado.id] },
          address: '203.0.113.7',
        },
        {
          action: 'search',
          entity_id: null,
          details: { search: 'rosa auditada', obraSocialId: null, ids: [afiliado.id] },
          address: '203.0.113.7',
        },
        {
          action: 'read',
          entity_id: String(afiliado.id),
          details: { documento: afiliado.documento },
          address: '203.0.113.7',
        },
      ]);
      // Every row says where it came from, writes and coverage checks alike.
      const [{ n }] = (await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from audit_log where address is null`,
      )) as [{ n: number }];
      expect(n).toBe(0);
    });

    it('allows a dentist 300 lookups an hour, then answers 429 with the Spanish message', async () => {
      const auth = await signInWithRole(t.app, t.admin, 'PRESTADOR');
      for (let i = 0; i < 300; i++) {
        const res = await t.inject('GET', `/api/afiliados?search=${20_000_000 + i}`, auth);
        if (res.statusCode !== 200) throw new Error(`lookup ${i}: ${res.statusCode}`);
      }
      const refused = await t.inject('GET', '/api/afiliados/paginated?search=27111222', auth);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json()).toEqual({
        error: 'Alcanzó el límite de 300 consultas de cobertura por hora. Intente nuevamente más tarde.',
        code: 'DEMASIADOS_INTENTOS',
      });
      // Another dentist is not affected.
      expect((await t.inject('GET', '/api/afiliados?search=27111222', dentist)).statusCode).toBe(200);
    });
  });

  describe('permissions', () => {
    it('answers 401 without a token and 403 without the permission, before validating', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id);
      const endpoints = [
        ['GET', '/api/afiliados/paginated'],
        ['GET', '/api/afiliados'],
        ['GET', `/api/afiliados/${a.id}`],
        ['POST', '/api/afiliados'],
        ['PUT', `/api/afiliados/${a.id}`],
        ['DELETE', `/api/afiliados/${a.id}`],
        ['POST', '/api/afiliados/import-csv'],
      ] as const;
      const member = await afiliadoAuth(t.app, a.id);
      for (const [method, url] of endpoints) {
        const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
        expect((await t.inject(method, url, {}, payload)).statusCode, `${method} ${url}`).toBe(401);
        expect((await t.inject(method, url, member, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
      for (const [method, url] of endpoints.slice(2)) {
        const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
        expect((await t.inject(method, url, dentist, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
      // Staff tokens do not open the affiliate's own endpoints.
      expect((await t.inject('GET', '/api/afiliados/profile', t.staff)).statusCode).toBe(403);
      expect((await t.inject('GET', '/api/afiliados/profile')).statusCode).toBe(401);
    });
  });

  describe('affiliate profile', () => {
    it('shows a session opened with the document alone its e-mail and phone only in part, and lets it replace them', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id, { nombre: 'Laura Gómez' });
      await t.db.execute(
        sql`update afiliados set email = 'laura.gomez@example.com', telefono = '011 15-4800-2290' where id = ${a.id}`,
      );
      const member = await afiliadoAuth(t.app, a.id);
      const before = await t.inject('GET', '/api/afiliados/profile', member);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({
        id: a.id,
        nombre: 'Laura Gómez',
        tipoDocumento: 'DNI',
        documento: a.documento,
        fecha_nacimiento: '1980-05-17',
        obraSocial: { id: osde.id, nombre: 'OSDE Afiliados' },
        plan: null,
        numeroAfiliado: null,
        fechaAlta: null,
        email: 'la***@example.com',
        emailPendiente: null,
        telefono: '01 ****-2290',
        contactoOculto: true,
      });
      expect(before.body).not.toContain('laura.gomez');
      expect(before.body).not.toContain('4800');

      // Name, document, insurer and birth date sent by the portal are ignored; a field left out stays.
      const res = await t.inject('PUT', '/api/afiliados/profile', member, {
        nombre: 'Otro Nombre',
        documento: '11111111',
        obraSocial: { id: galeno.id },
        fecha_nacimiento: '1981-06-18',
        telefono: '11 5555-0000',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        nombre: 'Laura Gómez',
        documento: a.documento,
        obraSocial: { id: osde.id },
        fecha_nacimiento: '1980-05-17',
        email: 'la***@example.com',
        telefono: '11 ****-0000',
      });
      const stored = await t.inject('GET', `/api/afiliados/${a.id}`, t.staff);
      expect(stored.json().fecha_nacimiento).toBe('1980-05-17');
      const [row] = await queryRows<{ email: string; telefono: string }>(
        t.db,
        sql`select email, telefono from afiliados where id = ${a.id}`,
      );
      expect(row).toEqual({ email: 'laura.gomez@example.com', telefono: '11 5555-0000' });

      const cleared = await t.inject('PUT', '/api/afiliados/profile', member, { email: '', telefono: '' });
      expect(cleared.json()).toMatchObject({ email: null, telefono: null, contactoOculto: true });
      const bad = await t.inject('PUT', '/api/afiliados/profile', member, { email: 'no-es-email' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'Email inválido', fields: { email: 'Email inválido' } });
      // An affiliate token cannot reach the staff endpoints that would change those fields.
      const put = await t.inject('PUT', `/api/afiliados/${a.id}`, member, {
        nombre: 'Hack',
        tipoDocumento: 'DNI',
        documento: '11111111',
        obraSocial: { id: galeno.id },
      });
      expect(put.statusCode).toBe(403);
    });

    it('shows a session opened with the birth date its contact data whole', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id);
      await t.db.execute(
        sql`update afiliados set email = 'entero@example.com', telefono = '11 4800-2290' where id = ${a.id}`,
      );
      const member = await afiliadoAuth(t.app, a.id, { birthdateProven: true });
      expect((await t.inject('GET', '/api/afiliados/profile', member)).json()).toMatchObject({
        email: 'entero@example.com',
        telefono: '11 4800-2290',
        contactoOculto: false,
      });
    });

    it('signs the affiliate out on the server: the token stops working at once, a new sign-in works', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id);
      const signIn = async () =>
        ({
          authorization: `Bearer ${(await t.inject('POST', '/api/afiliados/login', {}, { documento: a.documento })).json().token}`,
        }) as Record<string, string>;
      const session = await signIn();
      const other = await signIn();
      expect((await t.inject('GET', '/api/afiliados/profile', session)).statusCode).toBe(200);
      const out = await t.inject('POST', '/api/afiliados/logout', session);
      expect(out.statusCode).toBe(204);
      // The browser forgets its HTTP cache of the site (the cartilla kept with an ETag).
      expect(out.headers['clear-site-data']).toBe('"cache"');
      for (const token of [session, other]) {
        const res = await t.inject('GET', '/api/afiliados/profile', token);
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toBe('Su sesión expiró o no es válida. Inicie sesión nuevamente');
      }
      expect((await t.inject('GET', '/api/afiliados/profile', await signIn())).statusCode).toBe(200);
      expect((await t.inject('POST', '/api/afiliados/logout')).statusCode).toBe(401);
      expect((await t.inject('POST', '/api/afiliados/logout', t.staff)).statusCode).toBe(403);
    });

    it('caps e-mail changes that send mail at five an hour per affiliate, writing nothing past that', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id);
      const member = await afiliadoAuth(t.app, a.id, { birthdateProven: true });
      for (let i = 1; i <= 5; i++) {
        const res = await t.inject('PUT', '/api/afiliados/profile', member, {
          email: `cambio${i}@correo.test`,
        });
        expect(res.statusCode).toBe(200);
      }
      const sixth = await t.inject('PUT', '/api/afiliados/profile', member, { email: 'cambio6@correo.test' });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error).toBe('Demasiados intentos. Intente nuevamente en unos minutos.');
      expect((await t.inject('GET', '/api/afiliados/profile', member)).json().emailPendiente).toBe(
        'cambio5@correo.test',
      );
      // Changes that send no mail are not limited.
      const phone = await t.inject('PUT', '/api/afiliados/profile', member, { telefono: '11 4444-5555' });
      expect(phone.statusCode).toBe(200);
    });

    it('keeps a new e-mail pending until its link is opened, and tells the previous address', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id);
      const member = await afiliadoAuth(t.app, a.id, { birthdateProven: true });
      const first = await t.inject('PUT', '/api/afiliados/profile', member, { email: 'Primera@Correo.test' });
      expect(first.json()).toMatchObject({ email: null, emailPendiente: 'primera@correo.test' });
      await t.app.mail.drain();
      const link = async (to: string) => {
        const mail = (await readMails(t.config.dataDir)).filter((m) => m.to === to).at(-1);
        expect(mail, `mail to ${to}`).toBeDefined();
        expect(mail!.text).not.toContain(a.documento);
        return /http:\/\/reddental\.test\/confirmar-email\/([\w-]{43})/.exec(mail!.text)?.[1];
      };
      const token1 = await link('primera@correo.test');
      expect(token1).toBeDefined();
      const confirmed = await t.inject('POST', '/api/afiliados/confirm-email', {}, { token: token1 });
      expect(confirmed.statusCode).toBe(200);
      expect((await t.inject('GET', '/api/afiliados/profile', member)).json()).toMatchObject({
        email: 'primera@correo.test',
        emailPendiente: null,
      });
      // A link works once.
      expect((await t.inject('POST', '/api/afiliados/confirm-email', {}, { token: token1 })).statusCode).toBe(
        400,
      );

      const second = await t.inject('PUT', '/api/afiliados/profile', member, {
        email: 'segunda@correo.test',
      });
      expect(second.json()).toMatchObject({
        email: 'primera@correo.test',
        emailPendiente: 'segunda@correo.test',
      });
      await t.app.mail.drain();
      const notice = (await readMails(t.config.dataDir)).filter((m) => m.to === 'primera@correo.test').at(-1);
      expect(notice!.text).toContain('Se pidió cambiar el email');
      expect(notice!.text).not.toContain(a.documento);
      const token2 = await link('segunda@correo.test');
      const bad = await t.inject('POST', '/api/afiliados/confirm-email', {}, { token: 'x'.repeat(43) });
      expect(bad.json()).toEqual({
        error: 'El enlace de confirmación no es válido o ya venció',
        code: 'TOKEN_INVALIDO',
      });
      expect((await t.inject('POST', '/api/afiliados/confirm-email', {}, { token: token2 })).statusCode).toBe(
        200,
      );
      expect((await t.inject('GET', '/api/afiliados/profile', member)).json()).toMatchObject({
        email: 'segunda@correo.test',
        emailPendiente: null,
      });
    });

    it('refuses an expired confirmation link', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id);
      const member = await afiliadoAuth(t.app, a.id);
      await t.inject('PUT', '/api/afiliados/profile', member, { email: 'vencido@correo.test' });
      await t.app.mail.drain();
      const mail = (await readMails(t.config.dataDir)).filter((m) => m.to === 'vencido@correo.test').at(-1);
      const token = /confirmar-email\/([\w-]{43})/.exec(mail!.text)![1];
      await t.db.execute(
        sql`update afiliados set email_token_expires_at = now() - interval '1 minute' where id = ${a.id}`,
      );
      expect((await t.inject('POST', '/api/afiliados/confirm-email', {}, { token })).statusCode).toBe(400);
    });
  });
});
