import { MESSAGES, type ZonaInput } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as repo from './zonas.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;

export const listZonas = (deps: Deps) => repo.findAll(deps.db);

export const listCatalogue = (deps: Deps) => repo.findCatalogue(deps.db);

/** A new zone; its number is unique (409 when taken). */
/** A taken number, said under the form's Número field too. */
const numeroTaken = () => conflict(MESSAGES.zonas.NUMERO_TAKEN, { numero: MESSAGES.zonas.NUMERO_TAKEN });

export async function createZona(deps: Deps, caller: Subject, input: ZonaInput) {
  try {
    return await deps.db.transaction(async (tx) => {
      const created = await repo.insert(tx, input);
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'zona',
        entityId: created.id,
        details: input,
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw numeroTaken();
    throw error;
  }
}

/** A zone's new name or number; the number stays unique (409 when taken). */
export async function updateZona(deps: Deps, caller: Subject, id: number, input: ZonaInput) {
  const current = await repo.findById(deps.db, id);
  if (!current) throw notFound(MESSAGES.zonas.NOT_FOUND);
  try {
    return await deps.db.transaction(async (tx) => {
      const updated = await repo.update(tx, id, input);
      if (!updated) throw notFound(MESSAGES.zonas.NOT_FOUND);
      await recordAudit(tx, caller, {
        action: 'update',
        entity: 'zona',
        entityId: id,
        details: { antes: { nombre: current.nombre, numero: current.numero }, ...input },
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw numeroTaken();
    throw error;
  }
}
