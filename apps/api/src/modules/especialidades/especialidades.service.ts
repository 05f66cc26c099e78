import { type EspecialidadInput, MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import * as repo from './especialidades.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;

export const listEspecialidades = (deps: Deps) => repo.findAll(deps.db);

export async function getEspecialidad(deps: Deps, id: number) {
  const especialidad = await repo.findById(deps.db, id);
  if (!especialidad) throw notFound(MESSAGES.profesionales.ESPECIALIDAD_NOT_FOUND);
  return especialidad;
}

/** A new specialty (the name is unique: 409 when taken). */
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
    if (isUniqueViolation(error)) throw conflict(MESSAGES.profesionales.ESPECIALIDAD_TAKEN);
    throw error;
  }
}
