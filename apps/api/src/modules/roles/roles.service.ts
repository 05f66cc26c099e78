import {
  DEFAULT_ROLES,
  MESSAGES,
  mayGrant,
  type PermissionName,
  ROLE_NAMES,
  type Rol,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as repo from './roles.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;
type ParsedRolInput = { name: string; permissions: PermissionName[] };

const M = MESSAGES.roles;
const isDefault = (name: string) => name in DEFAULT_ROLES;

/** The grant rule: a role-keeper cannot give their own role USERS.*, say, to climb. */
function assertGrantable(caller: Subject, names: readonly PermissionName[]) {
  if (!mayGrant(caller.permissions, names)) throw forbidden(MESSAGES.GRANT_BEYOND_OWN);
}

export async function listRoles(deps: Deps): Promise<Rol[]> {
  const rows = await repo.findAll(deps.db);
  return rows.map((r) => ({
    ...r,
    permissions: r.permissions as PermissionName[],
    predeterminado: isDefault(r.name),
  }));
}

async function findRol(deps: Deps, id: number) {
  return (await listRoles(deps)).find((r) => r.id === id);
}

const nameTaken = (error: unknown) => (isUniqueViolation(error) ? conflict(M.ROLE_NAME_TAKEN) : error);

export async function createRol(deps: Deps, caller: Subject, input: ParsedRolInput) {
  assertGrantable(caller, input.permissions);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const created = await repo.insert(tx, input.name);
      await repo.replacePermissions(tx, created.id, input.permissions);
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'rol',
        entityId: created.id,
        details: input,
      });
      return created.id;
    });
    return (await findRol(deps, id))!;
  } catch (error) {
    throw nameTaken(error);
  }
}

/**
 * A role's name and permissions. ADMINISTRADOR is not changed at all (it keeps
 * every permission, so the network can always be administered); the other
 * default roles keep their names.
 */
export async function updateRol(deps: Deps, caller: Subject, id: number, input: ParsedRolInput) {
  const current = await findRol(deps, id);
  if (!current) throw notFound(M.ROLE_NOT_FOUND);
  if (current.name === ROLE_NAMES.ADMINISTRADOR) throw conflict(M.ROLE_ADMIN_FIXED);
  if (current.predeterminado && input.name !== current.name) throw conflict(M.ROLE_DEFAULT_NAME);
  // Permissions the role had may stay even if the caller lacks them; only new ones are checked.
  assertGrantable(
    caller,
    input.permissions.filter((p) => !current.permissions.includes(p)),
  );
  try {
    await deps.db.transaction(async (tx) => {
      if (input.name !== current.name) await repo.rename(tx, id, input.name);
      await repo.replacePermissions(tx, id, input.permissions);
      await recordAudit(tx, caller, {
        action: 'update',
        entity: 'rol',
        entityId: id,
        details: { antes: { name: current.name, permissions: current.permissions }, ...input },
      });
    });
  } catch (error) {
    throw nameTaken(error);
  }
  return (await findRol(deps, id))!;
}
