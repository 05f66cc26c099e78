import { type Ausencia, DIAS_SIN_CONFIRMAR, type WeeklySchedule } from '@red-dental/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import {
  especialidades,
  obrasSociales,
  profesionalEspecialidades,
  profesionales,
  profesionalObrasSociales,
  users,
  zonas,
} from '../../db/schema/index.ts';
import { compactSearchKey, likeContaining } from '../../lib/text.ts';

/** What nombre and razón social are searched by: both, folded and run together (see compactSearchKey). */
const busquedaOf = (nombre: string, razonSocial: string | null) =>
  compactSearchKey(`${nombre} ${razonSocial ?? ''}`);

/** The provider record a registration creates beside its pending user. */
export async function insertForUser(
  db: DbOrTx,
  userId: number,
  values: {
    nombre: string;
    razonSocial: string;
    email: string;
    matricula?: string | undefined;
    matriculaJurisdiccion?: string | undefined;
  },
): Promise<number> {
  const [row] = await db
    .insert(profesionales)
    .values({ userId, ...values, busqueda: busquedaOf(values.nombre, values.razonSocial) })
    .returning({ id: profesionales.id });
  return row!.id;
}

/** The professional's name of a user account, or null for staff accounts. */
export async function findNombreByUserId(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ nombre: profesionales.nombre })
    .from(profesionales)
    .where(eq(profesionales.userId, userId));
  return row?.nombre ?? null;
}

/** The provider record of a user account, if it has one. */
export async function findIdByUserId(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: profesionales.id })
    .from(profesionales)
    .where(eq(profesionales.userId, userId));
  return row?.id;
}

/** Providers whose account still awaits approval, oldest request first. */
export function findPendingRequests(db: DbOrTx) {
  return db
    .select({
      id: profesionales.id,
      nombre: profesionales.nombre,
      razonSocial: profesionales.razonSocial,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      createdAt: users.createdAt,
      userId: users.id,
      matricula: profesionales.matricula,
      matriculaJurisdiccion: profesionales.matriculaJurisdiccion,
    })
    .from(users)
    .innerJoin(profesionales, eq(profesionales.userId, users.id))
    .where(eq(users.status, 'pending'))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** `%…%` for LIKE with the search's own % and _ taken literally. */

/** What the provider list and its export narrow to. */
export interface ProfesionalFilter {
  /** Part of the nombre or razón social. */
  search?: string;
  /** Only those whose data were last confirmed (or, never confirmed, approved) over DIAS_SIN_CONFIRMAR days ago. */
  sinConfirmar?: boolean;
}

/** The search's condition on nombre and razón social, folded as busquedaOf folds them. */
function bySearch(search: string | undefined) {
  if (!search) return sql``;
  const key = compactSearchKey(search);
  // Only spaces or punctuation typed (a literal %) finds nobody rather than everybody.
  return key ? sql`and p.busqueda like ${likeContaining(key)}` : sql`and false`;
}

/** Approved providers (active accounts) matching the filter. */
function approvedMatching(filter: ProfesionalFilter) {
  return sql`u.status = 'active' ${bySearch(filter.search)}
    ${
      filter.sinConfirmar
        ? sql`and coalesce(p.datos_confirmados_at, p.created_at) < now() - make_interval(days => ${DIAS_SIN_CONFIRMAR})`
        : sql``
    }`;
}

export interface ProfesionalListRow {
  id: number;
  nombre: string;
  razonSocial: string | null;
  telefono: string | null;
  especialidades: { id: number; nombre: string }[];
}

/** One page of approved providers by name, with their specialties, and how many match in all. */
export async function findPage(
  db: DbOrTx,
  filter: ProfesionalFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ProfesionalListRow[]; rowCount: number }> {
  const where = approvedMatching(filter);
  const [rows, counts] = await Promise.all([
    queryRows<{
      id: number;
      nombre: string;
      razon_social: string | null;
      telefono: string | null;
      especialidades: { id: number; nombre: string }[];
    }>(
      db,
      sql`
      select p.id, p.nombre, p.razon_social, p.telefono,
        coalesce((
          select json_agg(json_build_object('id', e.id, 'nombre', e.nombre) order by lower(e.nombre))
          from profesional_especialidades pe join especialidades e on e.id = pe.especialidad_id
          where pe.profesional_id = p.id
        ), '[]'::json) as especialidades
      from profesionales p join users u on u.id = p.user_id
      where ${where}
      order by lower(p.nombre), p.id
      limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from profesionales p join users u on u.id = p.user_id where ${where}`,
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      nombre: r.nombre,
      razonSocial: r.razon_social,
      telefono: r.telefono,
      especialidades: r.especialidades,
    })),
    rowCount: Number(counts[0]?.n ?? 0),
  };
}

/** An exported provider: what staff look a provider up for, the lists joined with commas. */
export interface ProfesionalExportRow {
  nombre: string;
  razonSocial: string | null;
  matricula: string | null;
  jurisdiccion: string | null;
  email: string;
  telefono: string | null;
  direccion: string | null;
  localidad: string | null;
  zona: string | null;
  especialidades: string;
  obrasSociales: string;
  aceptaNuevosPacientes: boolean;
  datosConfirmadosAt: Date | null;
}

/** The approved providers the list shows, in its order (name, then id), in keyset batches. */
export async function* eachExportBatch(
  db: DbOrTx,
  filter: ProfesionalFilter,
  batchSize = 1_000,
): AsyncGenerator<ProfesionalExportRow[]> {
  const where = approvedMatching(filter);
  let after: { key: string; id: number } | undefined;
  while (true) {
    const from = after ? sql` and (lower(p.nombre), p.id) > (${after.key}, ${after.id})` : sql``;
    const rows = await queryRows<{
      id: number;
      key: string;
      nombre: string;
      razon_social: string | null;
      matricula: string | null;
      matricula_jurisdiccion: string | null;
      email: string;
      telefono: string | null;
      direccion: string | null;
      localidad: string | null;
      zona: string | null;
      especialidades: string | null;
      obras_sociales: string | null;
      acepta_nuevos_pacientes: boolean;
      datos_confirmados_at: Date | string | null;
    }>(
      db,
      sql`
      select p.id, lower(p.nombre) as key, p.nombre, p.razon_social, p.matricula, p.matricula_jurisdiccion,
        p.email, p.telefono, p.direccion, p.localidad,
        case when z.id is null then null else z.numero || ' - ' || z.nombre end as zona,
        (select string_agg(e.nombre, ', ' order by lower(e.nombre))
          from profesional_especialidades pe join especialidades e on e.id = pe.especialidad_id
          where pe.profesional_id = p.id) as especialidades,
        (select string_agg(os.nombre, ', ' order by lower(os.nombre))
          from profesional_obras_sociales po join obras_sociales os on os.id = po.obra_social_id
          where po.profesional_id = p.id) as obras_sociales,
        p.acepta_nuevos_pacientes, p.datos_confirmados_at
      from profesionales p join users u on u.id = p.user_id left join zonas z on z.id = p.zona_id
      where ${where}${from}
      order by lower(p.nombre), p.id
      limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      nombre: r.nombre,
      razonSocial: r.razon_social,
      matricula: r.matricula,
      jurisdiccion: r.matricula_jurisdiccion,
      email: r.email,
      telefono: r.telefono,
      direccion: r.direccion,
      localidad: r.localidad,
      zona: r.zona,
      especialidades: r.especialidades ?? '',
      obrasSociales: r.obras_sociales ?? '',
      aceptaNuevosPacientes: r.acepta_nuevos_pacientes,
      datosConfirmadosAt: r.datos_confirmados_at === null ? null : new Date(r.datos_confirmados_at),
    }));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { key: last.key, id: last.id };
  }
}

/** The whole provider record with its specialties, insurers, zone and who verified its licence. */
export async function findDetail(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ profesional: profesionales, zona: zonas, verificadaPor: users.email })
    .from(profesionales)
    .leftJoin(zonas, eq(zonas.id, profesionales.zonaId))
    .leftJoin(users, eq(users.id, profesionales.matriculaVerificadaPor))
    .where(eq(profesionales.id, id));
  if (!row) return undefined;
  const [especialidadesRows, obrasSocialesRows] = await Promise.all([
    db
      .select({ id: especialidades.id, nombre: especialidades.nombre })
      .from(profesionalEspecialidades)
      .innerJoin(especialidades, eq(especialidades.id, profesionalEspecialidades.especialidadId))
      .where(eq(profesionalEspecialidades.profesionalId, id))
      .orderBy(asc(sql`lower(${especialidades.nombre})`)),
    db
      .select({ id: obrasSociales.id, nombre: obrasSociales.nombre })
      .from(profesionalObrasSociales)
      .innerJoin(obrasSociales, eq(obrasSociales.id, profesionalObrasSociales.obraSocialId))
      .where(eq(profesionalObrasSociales.profesionalId, id))
      .orderBy(asc(sql`lower(${obrasSociales.nombre})`)),
  ]);
  return {
    ...row.profesional,
    zona: row.zona,
    matriculaVerificadaPorEmail: row.verificadaPor,
    especialidades: especialidadesRows,
    obrasSociales: obrasSocialesRows,
  };
}
export type ProfesionalDetail = NonNullable<Awaited<ReturnType<typeof findDetail>>>;

export interface ProfileValues {
  nombre: string;
  razonSocial: string | null;
  email: string;
  telefono: string | null;
  direccion: string | null;
  depto: string | null;
  lat?: string | null;
  long?: string | null;
  localidad: string | null;
  ubicacionOrigen?: 'geocoder' | 'manual' | null;
  horarios: WeeklySchedule;
  guardias: WeeklySchedule;
  matricula: string | null;
  matriculaJurisdiccion: string | null;
  aceptaNuevosPacientes?: boolean;
  ausencias?: Ausencia[];
}

/**
 * Writes the profile's own columns. The licence's verification vouched for a
 * number, a jurisdiction and a name together: changing any of them loses it.
 * `confirmed` stamps the date the owner vouched for the data.
 */
export async function updateProfile(
  db: DbOrTx,
  id: number,
  values: ProfileValues,
  options: { confirmed: boolean },
): Promise<boolean> {
  // In SET, the columns still hold the row's values before this update.
  const isVerifiedLicenceKept = sql`${profesionales.matricula} is not distinct from ${values.matricula}
    and ${profesionales.matriculaJurisdiccion} is not distinct from ${values.matriculaJurisdiccion}
    and ${profesionales.nombre} is not distinct from ${values.nombre}`;
  const rows = await db
    .update(profesionales)
    .set({
      ...values,
      busqueda: busquedaOf(values.nombre, values.razonSocial),
      matriculaVerificadaAt: sql`case when ${isVerifiedLicenceKept} then ${profesionales.matriculaVerificadaAt} end`,
      matriculaVerificadaPor: sql`case when ${isVerifiedLicenceKept} then ${profesionales.matriculaVerificadaPor} end`,
      ...(options.confirmed ? { datosConfirmadosAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(profesionales.id, id))
    .returning({ id: profesionales.id });
  return rows.length > 0;
}

export async function replaceEspecialidades(db: DbOrTx, id: number, ids: number[]) {
  await db.delete(profesionalEspecialidades).where(eq(profesionalEspecialidades.profesionalId, id));
  if (ids.length)
    await db
      .insert(profesionalEspecialidades)
      .values(ids.map((especialidadId) => ({ profesionalId: id, especialidadId })));
}

export async function replaceObrasSociales(db: DbOrTx, id: number, ids: number[]) {
  await db.delete(profesionalObrasSociales).where(eq(profesionalObrasSociales.profesionalId, id));
  if (ids.length)
    await db
      .insert(profesionalObrasSociales)
      .values(ids.map((obraSocialId) => ({ profesionalId: id, obraSocialId })));
}

export async function setZona(db: DbOrTx, id: number, zonaId: number | null): Promise<boolean> {
  const rows = await db
    .update(profesionales)
    .set({ zonaId, updatedAt: sql`now()` })
    .where(eq(profesionales.id, id))
    .returning({ id: profesionales.id });
  return rows.length > 0;
}

/** Stamps the licence as checked now by `staffUserId`; false when there is no licence to check. */
export async function stampMatriculaVerificada(
  db: DbOrTx,
  id: number,
  staffUserId: number,
): Promise<boolean> {
  const rows = await db
    .update(profesionales)
    .set({ matriculaVerificadaAt: sql`now()`, matriculaVerificadaPor: staffUserId })
    .where(and(eq(profesionales.id, id), sql`coalesce(${profesionales.matricula}, '') <> ''`))
    .returning({ id: profesionales.id });
  return rows.length > 0;
}

export async function confirmDatos(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(profesionales)
    .set({ datosConfirmadosAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(profesionales.id, id));
}

/** The account behind a provider record, to delete both at once. */
export async function findOwner(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ userId: profesionales.userId, nombre: profesionales.nombre, email: users.email })
    .from(profesionales)
    .innerJoin(users, eq(users.id, profesionales.userId))
    .where(eq(profesionales.id, id));
  return row;
}
