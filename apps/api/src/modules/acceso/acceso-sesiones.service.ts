import { MESSAGES, type Sesion } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { describeDevice } from '../../lib/device.ts';
import { notFound } from '../../lib/errors.ts';
import { type Subject, USER_TOKEN_TTL_HOURS } from '../../plugins/auth.ts';
import * as repo from './acceso-sesiones.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;
const M = MESSAGES.acceso;

/** The caller's open sessions, the current one marked. */
export async function listSesiones(deps: Deps, caller: Subject): Promise<Sesion[]> {
  const rows = await repo.findSessions(deps.db, caller.id, USER_TOKEN_TTL_HOURS);
  return rows.map((r) => ({
    id: r.id,
    dispositivo: describeDevice(r.userAgent),
    address: r.address,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt.toISOString(),
    actual: r.id === caller.sessionId,
  }));
}

/** Ends one of the caller's sessions (the current one too, which is signing out). */
export async function closeSesion(deps: Deps, caller: Subject, id: string) {
  if (!(await repo.deleteSession(deps.db, caller.id, id))) throw notFound(M.SESSION_NOT_FOUND);
}

/** Ends every session of the caller but this one. */
export async function closeOtherSesiones(deps: Deps, caller: Subject) {
  const closed = await repo.deleteOtherSessions(deps.db, caller.id, caller.sessionId, {
    tokenVersion: caller.tokenVersion,
    maxAgeHours: USER_TOKEN_TTL_HOURS,
  });
  return { message: M.OTHER_SESSIONS_CLOSED(closed) };
}
