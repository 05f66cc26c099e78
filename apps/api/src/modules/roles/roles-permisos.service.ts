import type { Permiso } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import * as repo from './roles-permisos.repository.ts';

/** The permission catalogue, seeded from the contracts at start-up. */
export function listPermisos(deps: Pick<FastifyInstance, 'db'>): Promise<Permiso[]> {
  return repo.findAll(deps.db);
}
