import { networkClock, ROLE_NAMES } from '@red-dental/contracts';
import { buildPdf } from '@red-dental/testing';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/password.ts';
import { compactSearchKey, searchKey } from '../../lib/text.ts';
import type { FileStorage } from '../../plugins/storage/index.ts';
import type { Db, Tx } from '../client.ts';
import {
  afiliados,
  appSettings,
  especialidades,
  notificaciones,
  obrasSociales,
  profesionalEspecialidades,
  profesionales,
  profesionalObrasSociales,
  roles,
  userRoles,
  users,
  zonas,
} from '../schema/index.ts';
import {
  DEMO_ADMINISTRATIVO_EMAIL,
  DEMO_AFILIADO_DOCUMENTO,
  DEMO_AUDITOR_EMAIL,
  DEMO_PASSWORD,
  DEMO_PRESTADOR_EMAIL,
  ESPECIALIDADES,
  NOTIFICACIONES_DEMO,
  OBRAS_SOCIALES,
  ZONAS,
} from './demo-catalog.ts';
import type { DemoData } from './demo-data.ts';
import { insertDemoHistoria } from './demo-historia.ts';
import { demoPlanOf, insertDemoNomenclador, insertDemoPrestaciones } from './demo-prestaciones.ts';

export const DEMO_LOGINS: { label: string; credentials: string }[] = [
  { label: 'Administrativo', credentials: `${DEMO_ADMINISTRATIVO_EMAIL} / ${DEMO_PASSWORD}` },
  { label: 'Prestador', credentials: `${DEMO_PRESTADOR_EMAIL} / ${DEMO_PASSWORD}` },
  { label: 'Afiliado (documento)', credentials: DEMO_AFILIADO_DOCUMENTO },
];

/** app_settings key written with the demo data: its presence means the data is already there. */
export const DEMO_MARKER = 'demo_data';
const DEMO_VERSION = '1';

export interface DemoCounts {
  obrasSociales: number;
  afiliados: number;
  profesionales: number;
  solicitudes: number;
}

export type DemoSeedResult =
  | { status: 'created'; counts: DemoCounts }
  | { status: 'present' }
  | { status: 'skipped'; reason: string };

const BATCH = 500;

function chunks<T>(rows: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Why the demo set must not be loaded here, or undefined when the database holds nothing of its own. */
async function findRealData(db: Db): Promise<string | undefined> {
  const [[a], [o], [p], taken] = await Promise.all([
    db.select({ n: count() }).from(afiliados),
    db.select({ n: count() }).from(obrasSociales),
    db.select({ n: count() }).from(profesionales),
    db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, [DEMO_ADMINISTRATIVO_EMAIL, DEMO_PRESTADOR_EMAIL, DEMO_AUDITOR_EMAIL])),
  ]);
  if (a!.n + o!.n + p!.n > 0)
    return 'La base ya tiene afiliados, obras sociales o profesionales propios: no se cargan los datos de demostración.';
  if (taken.length > 0)
    return `El usuario ${taken[0]!.email} ya existe: no se cargan los datos de demostración.`;
  return undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment `days` days before the seed runs; null stays null. */
function daysAgo(days: number | null): Date | null {
  return days === null ? null : new Date(Date.now() - days * DAY_MS);
}

/** A closed period relative to the day the seed runs, as the profile stores it (yyyy-mm-dd). */
function vacation({ desdeEnDias, dias }: { desdeEnDias: number; dias: number }) {
  const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
  return { desde: day(desdeEnDias), hasta: day(desdeEnDias + dias - 1) };
}

/**
 * What a start that loads nothing says of the demo set: present, or why it is
 * not there. Published passwords go only into a brand-new database.
 */
export async function demoDataStatus(db: Db): Promise<DemoSeedResult> {
  const [marker] = await db.select().from(appSettings).where(eq(appSettings.key, DEMO_MARKER));
  if (marker) return { status: 'present' };
  return {
    status: 'skipped',
    reason: 'La base ya tenía usuarios: los datos de demostración solo se cargan en una base nueva.',
  };
}

/**
 * Demo data, so a fresh instance can be tried at once (insurers, zones, specialties,
 * providers, affiliates and pending sign-ups), loaded once: a second start finds the
 * marker and changes nothing, and a database with real data is never touched.
 * Everything goes in one transaction, so a crash leaves no partial set.
 */
export async function seedDemoData(db: Db, options: { storage: FileStorage }): Promise<DemoSeedResult> {
  const [marker] = await db.select().from(appSettings).where(eq(appSettings.key, DEMO_MARKER));
  if (marker) return { status: 'present' };
  const reason = await findRealData(db);
  if (reason) return { status: 'skipped', reason };

  // Loaded only when seeding: faker's module costs a noticeable part of every start-up otherwise.
  const { buildDemoData } = await import('./demo-data.ts');
  const data = buildDemoData();
  // argon2 is deliberately slow: every demo account shares one hash of the one demo password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The PDFs first, under fixed keys: a seed that fails after them leaves files the next one overwrites.
  for (const n of NOTIFICACIONES_DEMO)
    await options.storage.put(demoFileKey(n.clave), buildPdf(n.lineas), { contentType: 'application/pdf' });
  const counts = await db.transaction(async (tx) => {
    const inserted = await insertDemoData(tx, data, passwordHash);
    await insertDemoNotificaciones(tx);
    return inserted;
  });
  return { status: 'created', counts };
}

const demoFileKey = (clave: string) => `notificaciones/demo/${clave}.pdf`;

/**
 * The demo notifications, to every approved professional or every affiliate,
 * each read by a share of its recipients (chosen by id, so the set is the same
 * on every run). The demo provider has unread ones, so the sidebar marks them.
 */
async function insertDemoNotificaciones(tx: Tx): Promise<void> {
  // Oldest first, so ids grow with the dates as they do when staff send them (lists go by id).
  const byDate = [...NOTIFICACIONES_DEMO].sort((a, b) => b.diasAtras - a.diasAtras);
  for (const n of byDate) {
    const createdAt = new Date(Date.now() - n.diasAtras * DAY_MS);
    const [row] = await tx
      .insert(notificaciones)
      .values({
        title: n.title,
        category: n.category,
        recipientType: n.recipientType,
        fileKey: demoFileKey(n.clave),
        fileName: `${n.clave}.pdf`,
        fileSize: buildPdf(n.lineas).length,
        createdAt,
      })
      .returning({ id: notificaciones.id });
    const read = sql`case when r.id % 10 < ${Math.round(n.leidas * 10)} then ${createdAt}::timestamptz + interval '1 day' end`;
    const recipients =
      n.recipientType === 'afiliados'
        ? sql`insert into notificacion_destinatarios (notificacion_id, afiliado_id, category, read_at)
            select ${row!.id}, r.id, ${n.category}, ${read} from afiliados r`
        : sql`insert into notificacion_destinatarios (notificacion_id, user_id, category, read_at)
            select ${row!.id}, r.user_id, ${n.category}, case when u.email = ${DEMO_PRESTADOR_EMAIL} then null else ${read} end
            from profesionales r join users u on u.id = r.user_id and u.status = 'active'`;
    await tx.execute(recipients);
    await tx.execute(sql`update notificaciones n set
        recipient_count = (select count(*) from notificacion_destinatarios d where d.notificacion_id = n.id),
        read_count = (select count(read_at) from notificacion_destinatarios d where d.notificacion_id = n.id)
      where n.id = ${row!.id}`);
  }
}

async function insertDemoData(tx: Tx, data: DemoData, passwordHash: string): Promise<DemoCounts> {
  await tx.insert(appSettings).values({ key: DEMO_MARKER, value: DEMO_VERSION });

  const roleRows = await tx
    .select()
    .from(roles)
    .where(inArray(roles.name, [ROLE_NAMES.ADMINISTRATIVO, ROLE_NAMES.PRESTADOR, ROLE_NAMES.AUDITOR]));
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  const administrativoRole = roleId.get(ROLE_NAMES.ADMINISTRATIVO);
  const prestadorRole = roleId.get(ROLE_NAMES.PRESTADOR);
  const auditorRole = roleId.get(ROLE_NAMES.AUDITOR);
  if (!administrativoRole || !prestadorRole || !auditorRole)
    throw new Error(
      'Faltan los roles por defecto: los datos de demostración van después de sembrar los roles',
    );

  const obraSocialRows = await tx
    .insert(obrasSociales)
    .values(
      OBRAS_SOCIALES.map((os) => ({ nombre: os.nombre, mails: [...os.mails], telefonos: [...os.telefonos] })),
    )
    .returning({ id: obrasSociales.id, nombre: obrasSociales.nombre });
  const obraSocialId = new Map(obraSocialRows.map((os) => [os.nombre, os.id]));

  // Specialties and zones are shared catalogues: keep whatever staff already entered.
  await tx
    .insert(especialidades)
    .values(ESPECIALIDADES.map((nombre) => ({ nombre })))
    .onConflictDoNothing();
  const especialidadRows = await tx
    .select()
    .from(especialidades)
    .where(inArray(especialidades.nombre, [...ESPECIALIDADES]));
  const especialidadId = new Map(especialidadRows.map((e) => [e.nombre, e.id]));
  await tx
    .insert(zonas)
    .values(ZONAS.map((z) => ({ ...z })))
    .onConflictDoNothing();
  const zonaRows = await tx
    .select()
    .from(zonas)
    .where(
      inArray(
        zonas.numero,
        ZONAS.map((z) => z.numero),
      ),
    );
  const zonaId = new Map(zonaRows.map((z) => [z.numero, z.id]));

  const codigoId = await insertDemoNomenclador(tx);
  const planIds = await insertDemoPrestaciones(tx, obraSocialRows, codigoId);

  const now = Date.now();
  const userRows = await tx
    .insert(users)
    .values([
      {
        email: DEMO_ADMINISTRATIVO_EMAIL,
        passwordHash,
        status: 'active' as const,
        emailConfirmedAt: new Date(),
      },
      {
        email: DEMO_AUDITOR_EMAIL,
        passwordHash,
        status: 'active' as const,
        emailConfirmedAt: new Date(),
      },
      ...data.profesionales.map((p) => ({
        email: p.email,
        passwordHash,
        status: 'active' as const,
        emailConfirmedAt: new Date(),
      })),
      // One request still waits for its applicant to open the confirmation link.
      ...data.solicitudes.map((s, i) => ({
        email: s.email,
        passwordHash,
        status: 'pending' as const,
        createdAt: new Date(now - s.diasAtras * 86_400_000),
        emailConfirmedAt: i === 0 ? null : new Date(now - s.diasAtras * 86_400_000 + 3_600_000),
      })),
    ])
    .returning({ id: users.id, email: users.email });
  const userId = new Map(userRows.map((u) => [u.email, u.id]));

  await tx
    .insert(userRoles)
    .values([
      { userId: userId.get(DEMO_ADMINISTRATIVO_EMAIL)!, roleId: administrativoRole },
      { userId: userId.get(DEMO_AUDITOR_EMAIL)!, roleId: auditorRole },
      ...data.profesionales.map((p) => ({ userId: userId.get(p.email)!, roleId: prestadorRole })),
    ]);

  const profesionalRows = await tx
    .insert(profesionales)
    .values([
      ...data.profesionales.map((p) => ({
        userId: userId.get(p.email)!,
        nombre: p.nombre,
        razonSocial: p.razonSocial,
        busqueda: compactSearchKey(`${p.nombre} ${p.razonSocial}`),
        email: p.email,
        telefono: p.telefono,
        direccion: p.direccion,
        depto: p.depto,
        lat: p.lat,
        long: p.long,
        localidad: p.localidad,
        zonaId: zonaId.get(p.zona) ?? null,
        horarios: p.horarios,
        guardias: p.guardias,
        matricula: p.matricula,
        matriculaJurisdiccion: p.matriculaJurisdiccion,
        matriculaVerificadaAt: daysAgo(p.matriculaVerificadaDiasAtras),
        aceptaNuevosPacientes: p.aceptaNuevosPacientes,
        datosConfirmadosAt: daysAgo(p.datosConfirmadosDiasAtras),
        ausencias: p.ausencia ? [vacation(p.ausencia)] : [],
        ubicacionOrigen: 'geocoder' as const,
      })),
      ...data.solicitudes.map((s) => ({
        userId: userId.get(s.email)!,
        nombre: s.nombre,
        razonSocial: s.razonSocial,
        busqueda: compactSearchKey(`${s.nombre} ${s.razonSocial}`),
        email: s.email,
        createdAt: new Date(now - s.diasAtras * 86_400_000),
      })),
    ])
    .returning({ id: profesionales.id, email: profesionales.email });
  const profesionalId = new Map(profesionalRows.map((p) => [p.email, p.id]));

  await tx.insert(profesionalEspecialidades).values(
    data.profesionales.flatMap((p) =>
      p.especialidades.map((nombre) => ({
        profesionalId: profesionalId.get(p.email)!,
        especialidadId: especialidadId.get(nombre)!,
      })),
    ),
  );
  await tx.insert(profesionalObrasSociales).values(
    data.profesionales.flatMap((p) =>
      p.obrasSociales.map((nombre) => ({
        profesionalId: profesionalId.get(p.email)!,
        obraSocialId: obraSocialId.get(nombre)!,
      })),
    ),
  );

  for (const [n, batch] of chunks(data.afiliados).entries())
    await tx.insert(afiliados).values(
      batch.map((a, i) => {
        const os = a.obraSocial ? obraSocialId.get(a.obraSocial)! : null;
        return {
          nombre: a.nombre,
          nombreBusqueda: searchKey(a.nombre),
          tipoDocumento: a.tipoDocumento,
          documento: a.documento,
          fechaNacimiento: a.fechaNacimiento,
          obraSocialId: os,
          email: a.email,
          telefono: a.telefono,
          ...demoPlanOf(n * BATCH + i, a.documento, os === null ? undefined : planIds.get(os)),
        };
      }),
    );

  await insertDemoHistoria(tx, networkClock(new Date()).date);

  return {
    obrasSociales: obraSocialRows.length,
    afiliados: data.afiliados.length,
    profesionales: data.profesionales.length,
    solicitudes: data.solicitudes.length,
  };
}
