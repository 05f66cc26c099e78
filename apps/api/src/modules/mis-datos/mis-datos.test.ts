import {
  accesoRowSchema,
  afiliadoDatosSchema,
  auditoriaRowSchema,
  MESSAGES,
  paginatedSchema,
  profesionalDatosSchema,
} from '@red-dental/contracts';
import { buildPdf, uniqueDocumento } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, loginAs, multipart, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { afiliadoAuth, createAfiliado } from '../afiliados/afiliados.factories.ts';
import { type AuditRowInput, insertAuditRow, queryString } from '../auditoria/auditoria.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';

const auditPage = paginatedSchema(auditoriaRowSchema);
const accesosPage = paginatedSchema(accesoRowSchema);
const PDF = buildPdf(['Cartilla actualizada', 'Vigente desde el 1 de diciembre']);

describe.each(BACKENDS)("the affiliate's accesses and downloads of one's own data (%s)", (backend) => {
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

  async function accesos(auth: Record<string, string>) {
    const res = await t.inject('GET', '/api/afiliados/profile/accesos?pageIndex=0&pageSize=100', auth);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  async function sendToAfiliados(obraSocialId: number, title: string) {
    const form = multipart(
      { title, category: 'Documentación', obrasSociales: JSON.stringify([obraSocialId]) },
      { name: 'cartilla.pdf', content: PDF, field: 'pdfs', type: 'application/pdf' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notificaciones/afiliados',
      headers: { ...t.admin, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  beforeAll(async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    // The name the staff member's rows carry, copied when each is written.
    await t.db.execute(sql`update users set nombre = 'Mónica Auditada Ríos' where id = ${user.id}`);
    staffUser = user;
    staff = await loginAs(t.app, user.email, user.password);
    os = await createObraSocial(t.app, staff, { nombre: 'OSDE Auditoría' });
  });

  describe("the affiliate's accesses", () => {
    let documento: string;
    let afiliado: { id: number; nombre: string; documento: string };
    let dentist: { email: string; nombre: string };

    beforeAll(async () => {
      const named = await createDentist(t.app, t.admin, { nombre: 'Juan Carlos Pérez' });
      dentist = named;
      const dentistAuth = await loginAs(t.app, named.email, named.password);
      documento = uniqueDocumento();
      afiliado = await createAfiliado(t.app, staff, os.id, { documento });
      const found = await checkCoverage(dentistAuth, documento);
      expect(found.rows.map((r) => r.id)).toEqual([afiliado.id]);
    });

    it('shows the dentist who checked their coverage by initials, in a session opened with the document alone', async () => {
      const res = await accesos(await afiliadoAuth(t.app, afiliado.id));
      const page = accesosPage.parse(res.json());
      expect(page.rowCount).toBe(2);
      expect(page.rows).toEqual([
        {
          fecha: expect.any(String),
          nombre: 'J. C. P.',
          rol: 'Profesional',
          tipo: 'consulta',
          encontrado: true,
        },
        {
          fecha: expect.any(String),
          nombre: 'M. A. R.',
          rol: 'Administrativo',
          tipo: 'alta',
          encontrado: null,
        },
      ]);
      expect(Date.now() - Date.parse(page.rows[0]!.fecha)).toBeLessThan(60_000);
    });

    it('shows whole names in a session opened with the birth date', async () => {
      const res = await accesos(await afiliadoAuth(t.app, afiliado.id, { birthdateProven: true }));
      expect(res.json().rows.map((r: { nombre: string; rol: string }) => [r.nombre, r.rol])).toEqual([
        ['Juan Carlos Pérez', 'Profesional'],
        ['Mónica Auditada Ríos', 'Administrativo'],
      ]);
    });

    it('never shows an e-mail address, whoever looked', async () => {
      for (const birthdateProven of [false, true]) {
        const res = await accesos(await afiliadoAuth(t.app, afiliado.id, { birthdateProven }));
        expect(res.body).not.toContain('@');
        expect(res.body).not.toContain(dentist.email);
        expect(res.body).not.toContain(staffUser.email);
      }
    });

    it("keeps one affiliate's accesses from another", async () => {
      const other = await createAfiliado(t.app, staff, os.id);
      const res = await accesos(await afiliadoAuth(t.app, other.id, { birthdateProven: true }));
      expect(res.json()).toEqual({
        rows: [
          {
            fecha: expect.any(String),
            nombre: 'Mónica Auditada Ríos',
            rol: 'Administrativo',
            tipo: 'alta',
            encontrado: null,
          },
        ],
        rowCount: 1,
      });
    });

    it('names staff with no name on record as network staff, never by the initials of a placeholder', async () => {
      const subject = await createAfiliado(t.app, staff, os.id);
      // The first administrator was seeded with an e-mail and no name.
      expect((await t.inject('GET', `/api/afiliados/${subject.id}`, t.admin)).statusCode).toBe(200);
      const seen = [];
      for (const birthdateProven of [false, true]) {
        const res = await accesos(await afiliadoAuth(t.app, subject.id, { birthdateProven }));
        expect(res.body).not.toContain(ADMIN.email);
        seen.push(res.json().rows[0]);
      }
      expect(seen[0]).toEqual(seen[1]);
      expect(seen[0]).toMatchObject({
        rol: 'Administrador',
        tipo: 'ficha',
        nombre: expect.stringMatching(/^Personal de la red/),
      });
    });

    it('lists staff searches, opened records and edits, a check made before registration as not found, and nothing older than 12 months', async () => {
      const doc = uniqueDocumento();
      // A coverage check by someone without AFILIADOS.CREATE, before the affiliate exists.
      const prestador = await createUserWithRoles(t.app, t.admin, ['PRESTADOR']);
      await checkCoverage(await loginAs(t.app, prestador.email, prestador.password), doc);
      const subject = await createAfiliado(t.app, staff, os.id, {
        documento: doc,
        nombre: 'Teodora Accesos Vidal',
      });
      await t.inject('GET', '/api/afiliados/paginated?pageIndex=0&pageSize=10&search=teodora', staff);
      await t.inject('GET', `/api/afiliados/${subject.id}`, staff);
      const edit = await t.inject('PUT', `/api/afiliados/${subject.id}`, staff, {
        nombre: 'Teodora Accesos Vidal',
        tipoDocumento: 'DNI',
        documento: doc,
        obraSocial: { id: os.id },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      await insertRow({
        documento: doc,
        createdAt: new Date(Date.now() - 400 * 24 * 3600 * 1000).toISOString(),
        actorNombre: 'Vieja Consulta',
        action: 'consult',
        details: { found: true },
      });

      const res = await accesos(await afiliadoAuth(t.app, subject.id, { birthdateProven: true }));
      expect(res.json().rowCount).toBe(5);
      expect(
        res.json().rows.map((r: { tipo: string; encontrado: boolean | null }) => [r.tipo, r.encontrado]),
      ).toEqual([
        ['modificacion', null],
        ['ficha', null],
        ['busqueda', null],
        ['alta', null],
        ['consulta', false],
      ]);
      expect(res.body).not.toContain('Vieja Consulta');
    });
  });

  describe("downloads of one's own data", () => {
    it('gives the affiliate their profile, insurer, notifications with read dates and accesses, and records the download', async () => {
      const insurer = await createObraSocial(t.app, staff, { nombre: 'Galeno Mis Datos' });
      const afiliado = await createAfiliado(t.app, staff, insurer.id, { nombre: 'Ana Lía Datos' });
      await t.db.execute(
        sql`update afiliados set email = 'ana.lia@example.com', telefono = '11 4800-2290' where id = ${afiliado.id}`,
      );
      const dentist = await createDentist(t.app, t.admin, { nombre: 'Beatriz Olga Suárez' });
      await checkCoverage(await loginAs(t.app, dentist.email, dentist.password), afiliado.documento);
      await sendToAfiliados(insurer.id, 'Cartilla 2025');
      await sendToAfiliados(insurer.id, 'Nuevos valores');
      const auth = await afiliadoAuth(t.app, afiliado.id);
      const own = (
        await t.inject('GET', '/api/notificaciones/afiliados?pageIndex=0&pageSize=10', auth)
      ).json() as {
        rows: { id: number; title: string }[];
      };
      const cartilla = own.rows.find((r) => r.title === 'Cartilla 2025')!;
      expect(
        (await t.inject('PUT', '/api/notificaciones/read', auth, { notificacionId: cartilla.id })).statusCode,
      ).toBe(204);

      const res = await t.inject('GET', '/api/afiliados/profile/datos', auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="mis-datos.json"');
      const datos = afiliadoDatosSchema.parse(res.json());
      expect(datos.datosParciales).toBe(true);
      expect(datos.afiliado).toMatchObject({
        nombre: 'Ana Lía Datos',
        documento: afiliado.documento,
        tipoDocumento: 'DNI',
        plan: null,
        numeroAfiliado: null,
      });
      // Opened with the document alone: contact data in part, as the profile shows it.
      expect(datos.afiliado.email).not.toBe('ana.lia@example.com');
      expect(datos.afiliado.telefono).not.toBe('11 4800-2290');
      expect(datos.obraSocial).toMatchObject({ nombre: 'Galeno Mis Datos' });
      expect(datos.notificaciones).toEqual([
        {
          titulo: 'Nuevos valores',
          categoria: 'Documentación',
          archivo: 'cartilla.pdf',
          enviada: expect.any(String),
          leida: null,
        },
        {
          titulo: 'Cartilla 2025',
          categoria: 'Documentación',
          archivo: 'cartilla.pdf',
          enviada: expect.any(String),
          leida: expect.any(String),
        },
      ]);
      expect(Date.parse(datos.notificaciones[1]!.leida!)).toBeGreaterThanOrEqual(
        Date.parse(datos.notificaciones[1]!.enviada),
      );
      expect(datos.accesos.map((a) => [a.nombre, a.rol, a.tipo, a.encontrado])).toEqual([
        ['B. O. S.', 'Profesional', 'consulta', true],
        ['M. A. R.', 'Administrativo', 'alta', null],
      ]);
      expect(JSON.stringify(datos.accesos)).not.toContain('@');

      const proven = await t.inject(
        'GET',
        '/api/afiliados/profile/datos',
        await afiliadoAuth(t.app, afiliado.id, { birthdateProven: true }),
      );
      expect(proven.json()).toMatchObject({
        datosParciales: false,
        afiliado: { email: 'ana.lia@example.com', telefono: '11 4800-2290' },
        accesos: [{ nombre: 'Beatriz Olga Suárez' }, { nombre: 'Mónica Auditada Ríos' }],
      });

      const log = await list({
        accion: 'export',
        entidad: 'datos_personales',
        documento: afiliado.documento,
      });
      expect(log.rows).toEqual([
        expect.objectContaining({
          actorNombre: 'Ana Lía Datos',
          actorRol: 'Afiliado',
          details: { parcial: false },
        }),
        expect.objectContaining({
          actorNombre: 'Ana Lía Datos',
          actorEmail: `afiliado ${afiliado.documento}`,
          actorRol: 'Afiliado',
          entityId: String(afiliado.id),
          documento: afiliado.documento,
          details: { parcial: true },
        }),
      ]);
      // The download is the affiliate's own doing: it is not among who looked up their data.
      expect((await accesos(auth)).json().rowCount).toBe(2);
    });

    it('gives a professional their account, profile with specialties, sessions, notifications and coverage checks, and records the download', async () => {
      const especialidad = await t.inject('POST', '/api/especialidades', t.admin, {
        nombre: 'Odontología forense',
      });
      expect(especialidad.statusCode, especialidad.body).toBe(201);
      const dentist = await createDentist(t.app, t.admin, {
        nombre: 'Horacio Datos Propios',
        especialidades: [especialidad.json().id],
        obrasSociales: [os.id],
      });
      const auth = await loginAs(t.app, dentist.email, dentist.password);
      const afiliado = await createAfiliado(t.app, staff, os.id);
      const unknown = uniqueDocumento();
      await checkCoverage(auth, afiliado.documento);
      await checkCoverage(auth, unknown);
      const form = multipart(
        {
          title: 'Circular',
          category: 'Actualización de valores',
          profesionales: JSON.stringify([dentist.id]),
        },
        { name: 'circular.pdf', content: PDF, field: 'pdfs', type: 'application/pdf' },
      );
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/notificaciones',
        headers: { ...t.admin, ...form.headers },
        payload: form.payload,
      });
      expect(sent.statusCode, sent.body).toBe(201);

      const res = await t.inject('GET', '/api/profesionales/profile/datos', auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="mis-datos.json"');
      const datos = profesionalDatosSchema.parse(res.json());
      expect(datos.cuenta).toMatchObject({
        email: dentist.email,
        estado: 'active',
        segundoFactor: false,
        roles: ['PRESTADOR'],
      });
      expect(datos.cuenta.ultimoIngreso).not.toBeNull();
      expect(datos.perfil).toMatchObject({
        nombre: 'Horacio Datos Propios',
        email: dentist.email,
        especialidades: ['Odontología forense'],
        obrasSociales: ['OSDE Auditoría'],
      });
      expect(datos.sesiones.length).toBeGreaterThanOrEqual(1);
      expect(datos.sesiones[0]).toMatchObject({ direccion: expect.any(String), inicio: expect.any(String) });
      expect(datos.notificaciones).toEqual([
        expect.objectContaining({ titulo: 'Circular', archivo: 'circular.pdf', leida: null }),
      ]);
      expect(datos.consultasDeCobertura).toEqual([
        { fecha: expect.any(String), documento: unknown, encontrado: false },
        { fecha: expect.any(String), documento: afiliado.documento, encontrado: true },
      ]);

      const log = await list({ accion: 'export', entidad: 'datos_personales', actor: dentist.email });
      expect(log.rows).toEqual([
        expect.objectContaining({
          actorEmail: dentist.email,
          actorNombre: 'Horacio Datos Propios',
          actorRol: 'Profesional',
          entityId: String(dentist.userId),
        }),
      ]);
    });

    it('gives staff without a professional record their account, with no profile', async () => {
      const res = await t.inject('GET', '/api/profesionales/profile/datos', staff);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        cuenta: { email: staffUser.email, roles: ['ADMINISTRATIVO'] },
        perfil: null,
        consultasDeCobertura: [],
      });
    });

    it("answers the 11th download of one's own data in an hour with 429, for affiliates and professionals alike", async () => {
      const afiliado = await createAfiliado(t.app, staff, os.id);
      const afiliadoHeaders = await afiliadoAuth(t.app, afiliado.id);
      const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const userHeaders = await loginAs(t.app, user.email, user.password);
      for (const [url, auth] of [
        ['/api/afiliados/profile/datos', afiliadoHeaders],
        ['/api/profesionales/profile/datos', userHeaders],
      ] as const) {
        for (let i = 0; i < 10; i++)
          expect((await t.inject('GET', url, auth)).statusCode, `${url} #${i + 1}`).toBe(200);
        const refused = await t.inject('GET', url, auth);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'DEMASIADOS_INTENTOS', error: MESSAGES.RATE_LIMITED });
      }
      // Another affiliate's downloads are their own.
      const other = await createAfiliado(t.app, staff, os.id);
      expect(
        (await t.inject('GET', '/api/afiliados/profile/datos', await afiliadoAuth(t.app, other.id)))
          .statusCode,
      ).toBe(200);
      const counted = await queryRows<{ documento: string | null; n: number }>(
        t.db,
        sql`select documento, count(*)::int as n from audit_log
            where action = 'export' and entity = 'datos_personales'
              and (documento = ${afiliado.documento} or actor_user_id = ${user.id})
            group by documento order by documento nulls last`,
      );
      expect(counted).toEqual([
        { documento: afiliado.documento, n: 10 },
        { documento: null, n: 10 },
      ]);
    });
  });
});
