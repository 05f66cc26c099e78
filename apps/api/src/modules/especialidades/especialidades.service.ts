import { type EspecialidadInput, GUARDIAS, MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as repo from './especialidades.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;

export const listEspecialidades = (deps: Deps) => repo.findAll(deps.db);

export const listCatalogue = (deps: Deps) => repo.findCatalogue(deps.db);

export async function getEspecialidad(deps: Deps, id: number) {
  const especialidad = await repo.findById(deps.db, id);
  if (!especialidad) throw notFound(MESSAGES.especialidades.ESPECIALIDAD_NOT_FOUND);
  return especialidad;
}

const nameTaken = (error: unknown) =>
  isUniqueViolation(error) ? conflict(MESSAGES.especialidades.ESPECIALIDAD_TAKEN) : error;

/** A new specialty (the name is unique whatever its case: 409 when taken). */
export async function createEspecialidad(deps: Deps, caller: Subject, input: EspecialidadInput) {
  try {
    return await deps.db.transaction(async (tx) => {
      const created = await repo.insert(tx, input.nombre);
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'especialidad',
        entityId: created.id,
        details: input,
      });
      return created;
    });
  } catch (error) {
    throw nameTaken(error);
  }
}

/** The specialty as staff may change it: any but GUARDIAS, which the on-call schedules are tied to. */
async function findChangeable(deps: Deps, id: number) {
  const current = await getEspecialidad(deps, id);
  if (current.nombre === GUARDIAS) throw conflict(MESSAGES.especialidades.GUARDIAS_FIXED);
  return current;
}

/** A new name for a specialty; every profile holding it shows the new name. */
export async function renameEspecialidad(deps: Deps, caller: Subject, id: number, input: EspecialidadInput) {
  const current = await findChangeable(deps, id);
  try {
    return await deps.db.transaction(async (tx) => {
      const renamed = await repo.rename(tx, id, input.nombre);
      if (!renamed) throw notFound(MESSAGES.especialidades.ESPECIALIDAD_NOT_FOUND);
      await recordAudit(tx, caller, {
        action: 'update',
        entity: 'especialidad',
        entityId: id,
        details: { antes: current.nombre, nombre: input.nombre },
      });
      return renamed;
    });
  } catch (error) {
    throw nameTaken(error);
  }
}

/** Deletes a specialty no professional has; otherwise a 409 saying how many have it. */
export async function deleteEspecialidad(deps: Deps, caller: Subject, id: number) {
  const current = await findChangeable(deps, id);
  const inUse = async () => {
    const n = await repo.countProfesionales(deps.db, id);
    return n > 0 ? conflict(MESSAGES.especialidades.ESPECIALIDAD_IN_USE(n)) : undefined;
  };
  const refusal = await inUse();
  if (refusal) throw refusal;
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await repo.remove(tx, id))) throw notFound(MESSAGES.especialidades.ESPECIALIDAD_NOT_FOUND);
      await recordAudit(tx, caller, {
        action: 'delete',
        entity: 'especialidad',
        entityId: id,
        details: { nombre: current.nombre },
      });
    });
  } catch (error) {
    // A profile saved with it in the meantime: the database kept the row.
    if (isForeignKeyViolation(error)) throw (await inUse()) ?? error;
    throw error;
  }
}
