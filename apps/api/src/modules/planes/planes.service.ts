import { MESSAGES, type Plan, type PlanValues } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import {
  badRequest,
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as obrasSociales from '../obras-sociales/obras-sociales.repository.ts';
import * as repo from './planes.repository.ts';

const M = MESSAGES.planes;

type Deps = Pick<FastifyInstance, 'db'>;

export const listPlanes = (deps: Deps, obraSocialId?: number) => repo.findAll(deps.db, obraSocialId);

export async function findPlan(deps: Deps, id: number): Promise<Plan> {
  const plan = await repo.findById(deps.db, id);
  if (!plan) throw notFound(M.NOT_FOUND);
  return plan;
}

/** The code taken within the insurer, in words, whichever save found it. */
async function codigoTaken(deps: Deps, values: PlanValues, error: unknown) {
  if (!isUniqueViolation(error, 'planes_codigo_key')) return error;
  const obraSocial = await obrasSociales.findNombre(deps.db, values.obraSocialId);
  const message = M.CODIGO_TAKEN(values.codigo, obraSocial ?? 'La obra social');
  return conflict(message, { codigo: message });
}

export async function createPlan(deps: Deps, caller: Subject, values: PlanValues): Promise<Plan> {
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const id = await repo.insert(tx, values);
      await recordAudit(tx, caller, { action: 'create', entity: 'plan', entityId: id, details: values });
      return id;
    });
  } catch (error) {
    if (isForeignKeyViolation(error, 'planes_obra_social_id_obras_sociales_id_fk'))
      throw badRequest(M.OBRA_SOCIAL_UNKNOWN, { obraSocialId: M.OBRA_SOCIAL_UNKNOWN });
    throw await codigoTaken(deps, values, error);
  }
  return findPlan(deps, id);
}

/** A plan's code and name; its insurer stays (its affiliates and rules belong to that insurer). */
export async function updatePlan(deps: Deps, caller: Subject, id: number, values: PlanValues): Promise<Plan> {
  try {
    await deps.db.transaction(async (tx) => {
      const current = await repo.findById(tx, id);
      if (!current) throw notFound(M.NOT_FOUND);
      if (current.obraSocial.id !== values.obraSocialId)
        throw badRequest(M.OBRA_SOCIAL_FIXED, { obraSocialId: M.OBRA_SOCIAL_FIXED });
      await repo.update(tx, id, values);
      await recordAudit(tx, caller, {
        action: 'update',
        entity: 'plan',
        entityId: id,
        details: { antes: { codigo: current.codigo, nombre: current.nombre }, ...values },
      });
    });
  } catch (error) {
    throw await codigoTaken(deps, values, error);
  }
  return findPlan(deps, id);
}

/** Deletes a plan no affiliate holds, with its rules. */
export async function deletePlan(deps: Deps, caller: Subject, id: number) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockPlan(tx, id))) throw notFound(M.NOT_FOUND);
    const plan = (await repo.findById(tx, id))!;
    if (plan.afiliados > 0) throw conflict(M.HAS_AFILIADOS(plan.afiliados.toLocaleString('es-AR')));
    try {
      await repo.remove(tx, id);
    } catch (error) {
      // An affiliate given the plan after the count: the same answer.
      if (isForeignKeyViolation(error, 'afiliados_plan_fk')) throw conflict(M.HAS_AFILIADOS('1'));
      throw error;
    }
    await recordAudit(tx, caller, {
      action: 'delete',
      entity: 'plan',
      entityId: id,
      details: { codigo: plan.codigo, nombre: plan.nombre, reglas: plan.reglas },
    });
  });
}
