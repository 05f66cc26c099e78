import { MESSAGES, type ZonaInput } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, isUniqueViolation } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import * as repo from './zonas.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;

export const listZonas = (deps: Deps) => repo.findAll(deps.db);

/** A new zone; its number is unique (409 when taken). */
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
    if (isUniqueViolation(error)) throw conflict(MESSAGES.profesionales.ZONA_NUMERO_TAKEN);
    throw error;
  }
}
