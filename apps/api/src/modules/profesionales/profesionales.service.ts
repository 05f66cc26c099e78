import type { Solicitud } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import * as repo from './profesionales.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;

/** The sign-up requests waiting for staff; approving and rejecting act on the user (`/user/...`). */
export async function listPendingRequests(deps: Deps): Promise<Solicitud[]> {
  const rows = await repo.findPendingRequests(deps.db);
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    razonSocial: r.razonSocial,
    email: r.email,
    createdAt: r.createdAt.toISOString(),
    user: { id: r.userId },
  }));
}
