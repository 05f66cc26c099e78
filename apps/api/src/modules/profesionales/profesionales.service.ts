import {
  emptySchedule,
  hasPermission,
  MESSAGES,
  PERMISSIONS,
  type Profesional,
  permissionsBeyond,
  type profesionalUpdateSchema,
  REQUIREMENTS,
  type Solicitud,
  WEEKDAYS,
  type WeeklySchedule,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as especialidades from '../especialidades/especialidades.repository.ts';
import * as obrasSociales from '../obras-sociales/obras-sociales.repository.ts';
import * as prestaciones from '../prestaciones/prestaciones.repository.ts';
import * as usuarios from '../usuarios/usuarios.repository.ts';
import * as zonas from '../zonas/zonas.repository.ts';
import * as repo from './profesionales.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;
type UpdateInput = z.output<typeof profesionalUpdateSchema>;

const M = MESSAGES.profesionales;

/** The sign-up requests waiting for staff; approving and rejecting act on the user (`/user/...`). */
export async function listPendingRequests(deps: Deps): Promise<Solicitud[]> {
  const rows = await repo.findPendingRequests(deps.db);
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    razonSocial: r.razonSocial,
    email: r.email,
    emailConfirmado: r.emailConfirmedAt !== null,
    createdAt: r.createdAt.toISOString(),
    user: { id: r.userId },
    matricula: r.matricula,
    matriculaJurisdiccion: r.matriculaJurisdiccion,
  }));
}

/** Approved providers by nombre or razón social (substring, case and accents aside), a page at a time. */
export function findPaginated(
  deps: Deps,
  query: { pageIndex: number; pageSize: number; search?: string; sinConfirmar?: boolean },
) {
  return repo.findPage(
    deps.db,
    { search: query.search, sinConfirmar: query.sinConfirmar },
    { limit: query.pageSize, offset: query.pageIndex * query.pageSize },
  );
}

/** Every day present, in order: stored schedules may lack the days never enabled. */
function fullSchedule(schedule: WeeklySchedule): WeeklySchedule {
  const full = emptySchedule();
  for (const day of WEEKDAYS) if (schedule[day]) full[day] = schedule[day];
  return full;
}

/**
 * The record as `caller` may see it. Who verified the licence is named to
 * staff (PROFESSIONALS.GET) only: staff accounts have no name to show the
 * owner, and a colleague's e-mail is not the professional's business.
 */
function toProfesional(p: repo.ProfesionalDetail, caller: Subject): Profesional {
  return {
    id: p.id,
    nombre: p.nombre,
    razonSocial: p.razonSocial,
    email: p.email,
    telefono: p.telefono,
    direccion: p.direccion,
    depto: p.depto,
    lat: p.lat,
    long: p.long,
    localidad: p.localidad,
    ubicacionOrigen: p.ubicacionOrigen,
    especialidades: p.especialidades,
    obrasSociales: p.obrasSociales,
    zonas: p.zona ? [p.zona] : [],
    horarios: fullSchedule(p.horarios),
    guardias: fullSchedule(p.guardias),
    user: { id: p.userId },
    matricula: p.matricula,
    matriculaJurisdiccion: p.matriculaJurisdiccion,
    matriculaVerificadaAt: p.matriculaVerificadaAt?.toISOString() ?? null,
    matriculaVerificadaPor: caller.permissions.has(PERMISSIONS.PROFESSIONALS_GET)
      ? p.matriculaVerificadaPorEmail
      : null,
    aceptaNuevosPacientes: p.aceptaNuevosPacientes,
    ausencias: p.ausencias,
    datosConfirmadosAt: p.datosConfirmadosAt?.toISOString() ?? null,
  };
}

async function loadDetail(deps: Deps, id: number) {
  const detail = await repo.findDetail(deps.db, id);
  if (!detail) throw notFound(M.NOT_FOUND);
  return detail;
}

/** Staff with PROFESSIONALS.GET see any record; a professional sees its own. */
export async function getProfesional(deps: Deps, caller: Subject, id: number): Promise<Profesional> {
  const detail = await loadDetail(deps, id);
  if (!caller.permissions.has(PERMISSIONS.PROFESSIONALS_GET) && detail.userId !== caller.id)
    throw forbidden();
  return toProfesional(detail, caller);
}

/** The caller's own provider record. */
async function ownId(deps: Deps, caller: Subject): Promise<number> {
  const id = await repo.findIdByUserId(deps.db, caller.id);
  if (id === undefined) throw notFound(M.NO_PROFILE);
  return id;
}

export async function getOwnProfile(deps: Deps, caller: Subject): Promise<Profesional> {
  return toProfesional(await loadDetail(deps, await ownId(deps, caller)), caller);
}

const idsOf = (refs: { id: number }[] | undefined) => [...new Set((refs ?? []).map((r) => r.id))];
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Saves a profile. Staff (PROFESSIONALS.GET and UPDATE) may change everything but
 * the zone (its own call) and the licence's verification (its own button).
 * The owner (PROFESSIONALS.UPDATE_PROFILE) may not change the insurers
 * either, must leave a phone and a razón social, and by saving vouches for
 * the data (`datosConfirmadosAt`).
 */
export async function updateProfesional(
  deps: Deps,
  caller: Subject,
  id: number,
  input: UpdateInput,
): Promise<Profesional> {
  const current = await loadDetail(deps, id);
  const isStaff = hasPermission(caller.permissions, REQUIREMENTS.PROFESIONALES_EDIT);
  const isOwner =
    current.userId === caller.id && caller.permissions.has(PERMISSIONS.PROFESSIONALS_UPDATE_PROFILE);
  if (!isStaff && !isOwner) throw forbidden();

  const especialidadIds = idsOf(input.especialidades);
  const obraSocialIds = input.obrasSociales === undefined ? undefined : idsOf(input.obrasSociales);
  if (!isStaff) {
    if (obraSocialIds && !sameSet(obraSocialIds, idsOf(current.obrasSociales)))
      throw forbidden(M.OWNER_CANNOT_CHANGE);
    const missing: Record<string, string> = {};
    if (!input.telefono) missing.telefono = M.TELEFONO_REQUIRED;
    if (!input.razonSocial) missing.razonSocial = MESSAGES.RAZON_SOCIAL_REQUIRED;
    if (Object.keys(missing).length > 0) throw badRequest(Object.values(missing)[0]!, missing);
  }
  if ((await especialidades.countExisting(deps.db, especialidadIds)) !== especialidadIds.length)
    throw badRequest(M.ESPECIALIDAD_UNKNOWN, { especialidades: M.ESPECIALIDAD_UNKNOWN });
  if (
    isStaff &&
    obraSocialIds &&
    (await obrasSociales.countExisting(deps.db, obraSocialIds)) !== obraSocialIds.length
  )
    throw badRequest(M.OBRA_SOCIAL_UNKNOWN, { obrasSociales: M.OBRA_SOCIAL_UNKNOWN });

  const { especialidades: _e, obrasSociales: _o, ...values } = input;
  // No place, so nothing placed it.
  if (values.lat === null) values.ubicacionOrigen = null;
  await deps.db.transaction(async (tx) => {
    await repo.updateProfile(tx, id, values, { confirmed: !isStaff });
    await repo.replaceEspecialidades(tx, id, especialidadIds);
    if (isStaff && obraSocialIds) await repo.replaceObrasSociales(tx, id, obraSocialIds);
    // The owner's saves too: the directory affiliates read is what the audit must account for.
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'profesional',
      entityId: id,
      details: {
        nombre: input.nombre,
        especialidades: especialidadIds,
        obrasSociales: isStaff ? obraSocialIds : undefined,
      },
    });
  });
  return toProfesional(await loadDetail(deps, id), caller);
}

export async function updateOwnProfile(deps: Deps, caller: Subject, input: UpdateInput) {
  return updateProfesional(deps, caller, await ownId(deps, caller), input);
}

/** 'Mis datos están actualizados': the owner vouches for the profile as it is. */
export async function confirmOwnData(deps: Deps, caller: Subject): Promise<Profesional> {
  const id = await ownId(deps, caller);
  await deps.db.transaction(async (tx) => {
    await repo.confirmDatos(tx, id);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'profesional',
      entityId: id,
      details: { datosConfirmados: true },
    });
  });
  return toProfesional(await loadDetail(deps, id), caller);
}

/** Staff set (or clear) the professional's zone. */
export async function assignZona(deps: Deps, caller: Subject, id: number, zonaId: number | null) {
  if (zonaId !== null && !(await zonas.exists(deps.db, zonaId)))
    throw badRequest(M.ZONA_UNKNOWN, { zonaId: M.ZONA_UNKNOWN });
  await deps.db.transaction(async (tx) => {
    if (!(await repo.setZona(tx, id, zonaId))) throw notFound(M.NOT_FOUND);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'profesional',
      entityId: id,
      details: { zonaId },
    });
  });
  return toProfesional(await loadDetail(deps, id), caller);
}

/** 'Verificar matrícula': staff stamp the date and themselves on the licence they checked. */
export async function verifyMatricula(deps: Deps, caller: Subject, id: number) {
  await loadDetail(deps, id);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.stampMatriculaVerificada(tx, id, caller.id)))
      throw badRequest(M.MATRICULA_MISSING, { matricula: M.MATRICULA_MISSING });
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'profesional',
      entityId: id,
      details: { matriculaVerificada: true },
    });
  });
  return toProfesional(await loadDetail(deps, id), caller);
}

/**
 * Removes a professional and its account: its sessions end at once (every
 * request looks the user up) and the audit log keeps who and when. An account
 * holding more than the caller (a dentist who is also an administrator) stays.
 */
export async function deleteProfesional(deps: Deps, caller: Subject, id: number) {
  await deps.db.transaction(async (tx) => {
    const owner = await repo.findOwner(tx, id);
    if (!owner) throw notFound(M.NOT_FOUND);
    const held = await usuarios.lockAndFindPermissions(tx, owner.userId);
    if (owner.userId !== caller.id && permissionsBeyond(caller.permissions, held).length)
      throw forbidden(MESSAGES.usuarios.TARGET_ABOVE_CALLER);
    // Lines validated at the chair are the patients' history and the month's money: they stay.
    if (await prestaciones.hasLineas(tx, id)) throw conflict(M.HAS_PRESTACIONES);
    await usuarios.deleteUser(tx, owner.userId);
    await recordAudit(tx, caller, {
      action: 'delete',
      entity: 'profesional',
      entityId: id,
      details: { nombre: owner.nombre, email: owner.email },
    });
  });
}
