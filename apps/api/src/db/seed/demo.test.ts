import {
  ausenciaSchema,
  isValidDocumento,
  JURISDICCIONES,
  normalizeDocumento,
  type TipoDocumento,
  weeklyScheduleSchema,
} from '@red-dental/contracts';
import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  BACKENDS,
  createTestDatabase,
  loginAs,
  type TestContext,
  useTestApp,
} from '../../../test/helpers.ts';
import { compactSearchKey, searchKey } from '../../lib/text.ts';
import type { Db } from '../client.ts';
import {
  afiliados,
  appSettings,
  especialidades,
  obrasSociales,
  profesionalEspecialidades,
  profesionales,
  profesionalObrasSociales,
  userRoles,
  users,
  zonas,
} from '../schema/index.ts';
import { DEMO_LOGINS, DEMO_MARKER, type DemoSeedResult, seedDemoData } from './demo.ts';
import { DEMO_AFILIADO_DOCUMENTO, DEMO_PASSWORD, DEMO_PRESTADOR_EMAIL } from './demo-catalog.ts';

const TABLES = {
  users,
  userRoles,
  afiliados,
  obrasSociales,
  profesionales,
  profesionalEspecialidades,
  profesionalObrasSociales,
  especialidades,
  zonas,
  appSettings,
};

async function countRows(db: Db) {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The rows a user would see, without ids or timestamps, in insertion order. */
async function snapshot(db: Db) {
  const afiliadoRows = await db
    .select({
      nombre: afiliados.nombre,
      tipo: afiliados.tipoDocumento,
      documento: afiliados.documento,
      fecha: afiliados.fechaNacimiento,
      obraSocial: obrasSociales.nombre,
      email: afiliados.email,
      telefono: afiliados.telefono,
    })
    .from(afiliados)
    .leftJoin(obrasSociales, eq(obrasSociales.id, afiliados.obraSocialId))
    .orderBy(asc(afiliados.id));
  const profesionalRows = await db
    .select({
      nombre: profesionales.nombre,
      razonSocial: profesionales.razonSocial,
      email: profesionales.email,
      direccion: profesionales.direccion,
      lat: profesionales.lat,
      long: profesionales.long,
      horarios: profesionales.horarios,
      guardias: profesionales.guardias,
    })
    .from(profesionales)
    .orderBy(asc(profesionales.id));
  return { afiliadoRows, profesionalRows };
}

function login(ctx: TestContext, url: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url, payload, remoteAddress: '10.20.30.40' });
}

describe.each(BACKENDS)('demo data (%s)', (backend) => {
  const t = useTestApp(backend, { admin: false });
  let db: Db;
  let first: DemoSeedResult;
  let seedMs: number;

  beforeAll(async () => {
    db = t.db;
    const started = performance.now();
    first = await seedDemoData(db, { storage: t.app.storage });
    seedMs = performance.now() - started;
  });

  it('creates a realistic amount of each kind of data, quickly', async () => {
    expect(first).toEqual({
      status: 'created',
      counts: { obrasSociales: 8, afiliados: 2000, profesionales: 60, solicitudes: 4 },
    });
    expect(seedMs).toBeLessThan(15_000);
    const counts = await countRows(db);
    expect(counts.obrasSociales).toBe(8);
    expect(counts.afiliados).toBeGreaterThanOrEqual(1900);
    expect(counts.afiliados).toBeLessThanOrEqual(2100);
    expect(counts.zonas).toBeGreaterThanOrEqual(5);

    const byStatus = await db
      .select({ status: users.status, roles: count(userRoles.roleId), n: count() })
      .from(users)
      .innerJoin(profesionales, eq(profesionales.userId, users.id))
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .groupBy(users.status);
    const approved = byStatus.find((r) => r.status === 'active')!;
    const pending = byStatus.find((r) => r.status === 'pending')!;
    expect(approved.n).toBeGreaterThanOrEqual(55);
    expect(approved.n).toBeLessThanOrEqual(65);
    expect(approved.roles).toBe(approved.n);
    expect(pending.n).toBeGreaterThanOrEqual(3);
    expect(pending.n).toBeLessThanOrEqual(5);
    expect(pending.roles).toBe(0);

    const nombres = (await db.select({ nombre: especialidades.nombre }).from(especialidades)).map(
      (e) => e.nombre,
    );
    expect(nombres).toEqual(
      expect.arrayContaining(['Odontología general', 'Ortodoncia', 'Endodoncia', 'GUARDIAS']),
    );
  });

  it('changes nothing when run again', async () => {
    const before = { counts: await countRows(db), rows: await snapshot(db) };
    expect(await seedDemoData(db, { storage: t.app.storage })).toEqual({ status: 'present' });
    expect({ counts: await countRows(db), rows: await snapshot(db) }).toEqual(before);
  });

  it('generates the same rows in another empty database', async () => {
    const other = await createTestDatabase(backend);
    try {
      await seedDemoData(other.db, { storage: t.app.storage });
      expect(await snapshot(other.db)).toEqual(await snapshot(db));
    } finally {
      await other.close();
    }
  });

  it('starts with notifications whose PDFs open, some of them unread by the demo provider and affiliate', async () => {
    const prestador = await loginAs(t.app, DEMO_PRESTADOR_EMAIL, DEMO_PASSWORD);
    const unread = (await t.app.inject({ url: '/api/notificaciones/unread', headers: prestador })).json();
    expect(unread).toEqual({
      'Actualización de valores': 1,
      Documentación: 1,
      'Comunicación al prestador': 1,
    });
    const own = (await t.app.inject({ url: '/api/notificaciones/by-id', headers: prestador })).json();
    expect(own.rowCount).toBe(3);
    const file = await t.app.inject({ url: own.rows[0].message[0] });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const [afiliado] = await db
      .select()
      .from(afiliados)
      .where(eq(afiliados.documento, DEMO_AFILIADO_DOCUMENTO));
    const afiliadoAuth = {
      authorization: `Bearer ${await t.app.signAfiliadoToken({ id: afiliado!.id, tokenVersion: 0 }, { birthdateProven: false })}`,
    };
    const portal = (
      await t.app.inject({ url: '/api/notificaciones/afiliados', headers: afiliadoAuth })
    ).json();
    expect(portal.rows.map((r: { title: string }) => r.title)).toEqual([
      'Su cartilla de prestadores, siempre actualizada',
      'Campaña de prevención: su control anual',
    ]);
  });

  it('stores normalised, unique, valid documents and search keys', async () => {
    const rows = await db.select().from(afiliados);
    expect(new Set(rows.map((r) => r.documento)).size).toBe(rows.length);
    const tipos = new Set<string>();
    for (const r of rows) {
      tipos.add(r.tipoDocumento);
      expect(r.documento).toBe(normalizeDocumento(r.documento));
      expect(isValidDocumento(r.tipoDocumento as TipoDocumento, r.documento)).toBe(true);
      expect(r.nombreBusqueda).toBe(searchKey(r.nombre));
    }
    expect([...tipos].sort()).toEqual(['CI', 'DNI', 'LC', 'LE', 'Pasaporte']);
    const dnis = rows.filter((r) => r.tipoDocumento === 'DNI');
    expect(dnis.length / rows.length).toBeGreaterThan(0.9);
    expect(dnis.filter((r) => r.documento.length === 8).length / dnis.length).toBeGreaterThan(0.8);
    const gonzalez = rows.filter((r) => r.nombre.endsWith(' González')).length;
    expect(gonzalez).toBeGreaterThan(20);
    expect(gonzalez).toBeLessThan(120);
  });

  it('gives the providers licences, most of them checked, and a few on vacation', async () => {
    const rows = await db
      .select()
      .from(profesionales)
      .innerJoin(users, eq(users.id, profesionales.userId))
      .where(eq(users.status, 'active'));
    const share = (test: (p: (typeof rows)[number]['profesionales']) => boolean) =>
      rows.filter((r) => test(r.profesionales)).length / rows.length;
    expect(share((p) => p.matriculaVerificadaAt !== null)).toBeGreaterThan(0.4);
    expect(share((p) => p.matriculaVerificadaAt !== null)).toBeLessThan(1);
    expect(share((p) => p.aceptaNuevosPacientes)).toBeGreaterThan(0.6);
    expect(share((p) => p.datosConfirmadosAt !== null)).toBeGreaterThan(0.5);
    expect(share((p) => p.ausencias.length > 0)).toBeLessThan(0.3);
  });

  it('places every provider in Buenos Aires with valid schedules', async () => {
    const rows = await db
      .select()
      .from(profesionales)
      .innerJoin(users, eq(users.id, profesionales.userId))
      .where(eq(users.status, 'active'));
    const withGuardias = new Set(
      (
        await db
          .select({ id: profesionalEspecialidades.profesionalId })
          .from(profesionalEspecialidades)
          .innerJoin(especialidades, eq(especialidades.id, profesionalEspecialidades.especialidadId))
          .where(eq(especialidades.nombre, 'GUARDIAS'))
      ).map((r) => r.id),
    );
    expect(withGuardias.size).toBeGreaterThan(0);
    for (const { profesionales: p } of rows) {
      const lat = Number(p.lat);
      const long = Number(p.long);
      expect(lat).toBeGreaterThan(-35.1);
      expect(lat).toBeLessThan(-34.3);
      expect(long).toBeGreaterThan(-59.1);
      expect(long).toBeLessThan(-57.8);
      expect(p.lat).toMatch(/^-\d{2}\.\d{6}$/);
      expect(p.direccion).toMatch(/\d+$/);
      expect(p.localidad && p.telefono && p.razonSocial && p.zonaId).toBeTruthy();
      expect(p.busqueda).toBe(compactSearchKey(`${p.nombre} ${p.razonSocial}`));
      expect(weeklyScheduleSchema.safeParse(p.horarios).success).toBe(true);
      expect(Object.values(p.horarios).some((d) => d.enabled && d.times.length > 0)).toBe(true);
      expect(weeklyScheduleSchema.safeParse(p.guardias).success).toBe(true);
      expect(p.matricula).toMatch(/^M[NP] \d{4,5}$/);
      expect(JURISDICCIONES).toContain(p.matriculaJurisdiccion);
      for (const ausencia of p.ausencias) expect(ausenciaSchema.safeParse(ausencia).success).toBe(true);
      const hasGuardias = Object.values(p.guardias).some((d) => d.enabled);
      expect(hasGuardias).toBe(withGuardias.has(p.id));
    }
    const accepting = new Set(
      (await db.select({ id: profesionalObrasSociales.profesionalId }).from(profesionalObrasSociales)).map(
        (r) => r.id,
      ),
    );
    expect(rows.every(({ profesionales: p }) => accepting.has(p.id))).toBe(true);
  });

  it('lets the demo logins sign in through the API', async () => {
    expect(DEMO_LOGINS.map((l) => l.label)).toEqual(['Administrativo', 'Prestador', 'Afiliado (documento)']);
    const [administrativo, prestador] = DEMO_LOGINS.slice(0, 2).map((l) => l.credentials.split(' / '));
    expect(prestador).toEqual([DEMO_PRESTADOR_EMAIL, DEMO_PASSWORD]);

    const staff = await login(t, '/api/user/login', { user: administrativo![0], pass: administrativo![1] });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().user.roles.map((r: { name: string }) => r.name)).toEqual(['ADMINISTRATIVO']);

    const dentist = await login(t, '/api/user/login', { user: prestador![0], pass: prestador![1] });
    expect(dentist.statusCode).toBe(200);
    expect(dentist.json().user).toMatchObject({
      professionalName: 'Laura Benítez',
      roles: [{ name: 'PRESTADOR' }],
    });

    const affiliate = await login(t, '/api/afiliados/login', { documento: DEMO_LOGINS[2]!.credentials });
    expect(affiliate.statusCode).toBe(200);
    expect(affiliate.json().token).toEqual(expect.any(String));

    const [pending] = await db.select().from(users).where(eq(users.status, 'pending')).limit(1);
    const refused = await login(t, '/api/user/login', { user: pending!.email, pass: DEMO_PASSWORD });
    expect(refused.statusCode).toBe(403);
  });

  it('covers the demo affiliate with an insurer that providers accept', async () => {
    const [row] = await db
      .select({ obraSocialId: afiliados.obraSocialId, n: count(profesionalObrasSociales.profesionalId) })
      .from(afiliados)
      .innerJoin(profesionalObrasSociales, eq(profesionalObrasSociales.obraSocialId, afiliados.obraSocialId))
      .where(eq(afiliados.documento, DEMO_AFILIADO_DOCUMENTO))
      .groupBy(afiliados.obraSocialId);
    expect(row!.n).toBeGreaterThanOrEqual(10);
  });

  it('gives each insurer a contract with fees and two plans with rules, and most affiliates a plan', async () => {
    const admin = await loginAs(t.app, ADMIN.email, ADMIN.password);
    const convenios = (await t.inject('GET', '/api/convenios', admin)).json() as { aranceles: number }[];
    expect(convenios).toHaveLength(8);
    expect(convenios.every((c) => c.aranceles > 0)).toBe(true);
    const planes = (await t.inject('GET', '/api/planes', admin)).json() as {
      id: number;
      codigo: string;
      reglas: number;
      afiliados: number;
    }[];
    expect(planes).toHaveLength(16);
    expect(planes.every((p) => p.reglas >= 15)).toBe(true);
    const conPlan = planes.reduce((n, p) => n + p.afiliados, 0);
    expect(conPlan).toBeGreaterThan(1500);
    // The basic plan's cleaning has two dated versions: the copay starts in July.
    const basico = planes.find((p) => p.codigo === 'BASICO')!;
    const reglas = async (fecha: string) =>
      (
        (await t.inject('GET', `/api/planes/${basico.id}/reglas?fecha=${fecha}`, admin)).json() as {
          texto: string;
        }[]
      )
        .map((r) => r.texto)
        .filter((texto) => texto.includes('(05.01)'));
    expect(await reglas('2026-03-01')).toEqual([
      expect.stringContaining('una cada 180 días por afiliado, 100 %, sin coseguro'),
    ]);
    expect(await reglas('2026-08-01')).toEqual([expect.stringContaining('coseguro $ 2.000,00')]);
  });

  it('refuses to load over a database that already has affiliates of its own', async () => {
    const other = await createTestDatabase(backend);
    try {
      await other.db.insert(afiliados).values({
        nombre: 'Ana Real',
        nombreBusqueda: 'ana real',
        tipoDocumento: 'DNI',
        documento: '20111222',
      });
      const result = await seedDemoData(other.db, { storage: t.app.storage });
      expect(result.status).toBe('skipped');
      expect(await countRows(other.db)).toMatchObject({ afiliados: 1, obrasSociales: 0, profesionales: 0 });
      expect(await other.db.select().from(appSettings).where(eq(appSettings.key, DEMO_MARKER))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
