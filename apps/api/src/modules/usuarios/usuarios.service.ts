import {
  type CreateUser,
  ERROR_CODES,
  MESSAGES,
  mayGrant,
  PERMISSIONS,
  permissionsBeyond,
  ROLE_NAMES,
  type RoleRef,
  type UpdateUser,
  type User,
  type UserStatus,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { assertNotCommonPassword } from '../../lib/common-passwords.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  unauthorized,
} from '../../lib/errors.ts';
import { hashPassword, proveCurrentPassword } from '../../lib/password.ts';
import { staffLoginUrl } from '../../lib/public-links.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as profesionales from '../profesionales/profesionales.repository.ts';
import {
  emailChangedMail,
  passwordChangedMail,
  queueEmailConfirmation,
  requestApprovedMail,
  requestRejectedMail,
} from './usuarios.mails.ts';
import * as repo from './usuarios.repository.ts';
import * as admin from './usuarios-admin.repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'mail' | 'accountFailures'>;

const M = MESSAGES.usuarios;

async function toUser(
  deps: Deps,
  row: { id: number; email: string; status: UserStatus; createdAt: Date },
): Promise<User> {
  const roles = await repo.findRolesOfUsers(deps.db, [row.id]);
  return {
    id: row.id,
    user: row.email,
    status: row.status,
    roles: roles.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
  };
}

/** The roles named by id or by name, each once, all existing (404 naming the problem otherwise). */
export async function resolveRoles(db: DbOrTx, refs: readonly RoleRef[]) {
  const unique = [...new Set(refs)];
  const ids = await repo.findRoleIds(db, unique);
  if (ids.length !== unique.length) throw notFound(MESSAGES.UNKNOWN_ROLE);
  return admin.findRolesByIds(db, ids);
}

/** The grant rule, on the permissions these roles would give an account. */
export async function assertGrantableRoles(db: DbOrTx, caller: Subject, roleIds: number[]) {
  const granted = await admin.findPermissionsOfRoles(db, roleIds);
  if (!mayGrant(caller.permissions, granted)) throw forbidden(MESSAGES.GRANT_BEYOND_OWN);
}

/**
 * Nobody acts on an account mightier than themselves: whatever changes
 * another account (its e-mail, roles, state, invitation) needs the caller to
 * hold every permission that account holds, so a lesser role cannot demote,
 * deactivate or take over an administrator. Run inside the change's
 * transaction: the account's row stays locked until it ends, so its roles
 * cannot grow between this check and the write.
 */
export async function assertCanActOn(tx: DbOrTx, caller: Subject, targetId: number) {
  if (targetId === caller.id) return;
  const held = await repo.lockAndFindPermissions(tx, targetId);
  if (permissionsBeyond(caller.permissions, held).length) throw forbidden(M.TARGET_ABOVE_CALLER);
}

/**
 * Inside a transaction, refuses giving an account these roles when that would
 * leave no active ADMINISTRADOR. The advisory lock serializes every such
 * change, and the account's state and roles are read after it, so two
 * administrators demoting each other (or one being reactivated meanwhile)
 * cannot slip past each other.
 */
export async function assertAdminRemains(tx: DbOrTx, userId: number, nextRoleNames: readonly string[]) {
  await admin.lockAdministrators(tx);
  if (nextRoleNames.includes(ROLE_NAMES.ADMINISTRADOR)) return;
  const user = await admin.findUsuario(tx, userId);
  const before = (await repo.findRolesOfUsers(tx, [userId])).get(userId) ?? [];
  if (user?.status === 'active' && before.some((r) => r.name === ROLE_NAMES.ADMINISTRADOR))
    await assertAnotherAdmin(tx, userId);
}

/**
 * Refuses a change that would leave no active ADMINISTRADOR: run inside the
 * transaction after `lockAdministrators`, so two administrators demoting each
 * other at once cannot both succeed.
 */
export async function assertAnotherAdmin(
  tx: Parameters<typeof admin.countOtherActiveAdmins>[0],
  userId: number,
) {
  if ((await admin.countOtherActiveAdmins(tx, userId)) === 0) throw conflict(M.LAST_ADMIN);
}

export async function createUser(deps: Deps, caller: Subject, input: CreateUser) {
  // Roles are granted only by holders of USERS.UPDATE_ROLE: nobody creates an account mightier than allowed.
  if (input.roles.length && !caller.permissions.has(PERMISSIONS.USERS_UPDATE_ROLE)) throw forbidden();
  assertNotCommonPassword(input.pass, 'pass');
  const roleIds = (await resolveRoles(deps.db, input.roles)).map((r) => r.id);
  await assertGrantableRoles(deps.db, caller, roleIds);
  const passwordHash = await hashPassword(input.pass);
  try {
    const created = await deps.db.transaction(async (tx) => {
      // Staff vouch for the address of an account they create.
      const user = await repo.insertUser(tx, {
        email: input.user,
        passwordHash,
        status: 'active',
        emailConfirmedAt: new Date(),
      });
      await repo.replaceUserRoles(tx, user.id, roleIds);
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'user',
        entityId: user.id,
        details: { email: user.email, roles: input.roles },
      });
      return user;
    });
    return toUser(deps, created);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.EMAIL_TAKEN);
    throw error;
  }
}

export async function getUser(deps: Deps, caller: Subject, id: number) {
  if (id !== caller.id && !caller.permissions.has(PERMISSIONS.USERS_GET)) throw forbidden();
  const user = await repo.findUserById(deps.db, id);
  if (!user) throw notFound(MESSAGES.USER_NOT_FOUND);
  return toUser(deps, user);
}

/**
 * `PUT /api/user/{id}`: the e-mail, the password or the roles. The owner
 * proves it is theirs with the current password. On another account the
 * caller must hold everything it holds; nobody sets another person's password
 * (the owner chooses one through a recovery link); and a changed address is
 * unproven until its owner opens the link mailed to it, while the old one is
 * told of the change.
 */
export async function updateUser(deps: Deps, caller: Subject, id: number, input: UpdateUser) {
  const own = id === caller.id;
  if (input.roles !== undefined) {
    if (!caller.permissions.has(PERMISSIONS.USERS_UPDATE_ROLE)) throw forbidden();
    if (own) throw forbidden(MESSAGES.CANNOT_CHANGE_OWN_ROLES);
  }
  if (!own && input.pass !== undefined) throw forbidden(MESSAGES.usuarios.OTHERS_PASSWORD);
  // Another user's e-mail is the address their recovery links go to: it takes USERS.UPDATE_PASSWORD.
  if (!own && input.user !== undefined && !caller.permissions.has(PERMISSIONS.USERS_UPDATE_PASSWORD))
    throw forbidden();
  if (input.pass !== undefined) assertNotCommonPassword(input.pass, 'pass');
  if (own && (input.pass !== undefined || input.user !== undefined)) {
    if (!input.currentPassword)
      throw badRequest(MESSAGES.CURRENT_PASSWORD_REQUIRED, {
        currentPassword: MESSAGES.CURRENT_PASSWORD_REQUIRED,
      });
    const account = await repo.findUserById(deps.db, caller.id);
    if (!account) throw unauthorized(MESSAGES.SESSION_EXPIRED);
    await proveCurrentPassword(deps.accountFailures, account, caller.address, input.currentPassword);
  }
  const roles = input.roles === undefined ? undefined : await resolveRoles(deps.db, input.roles);
  const roleIds = roles?.map((r) => r.id);
  if (roleIds) await assertGrantableRoles(deps.db, caller, roleIds);
  const roleNames = roles?.map((r) => r.name);
  const passwordHash = input.pass === undefined ? undefined : await hashPassword(input.pass);
  try {
    const updated = await deps.db.transaction(async (tx) => {
      await assertCanActOn(tx, caller, id);
      const before = await repo.findUserById(tx, id);
      if (!before) throw notFound(MESSAGES.USER_NOT_FOUND);
      if (roleNames) await assertAdminRemains(tx, id, roleNames);
      const newEmail = input.user !== undefined && input.user !== before.email ? input.user : undefined;
      const user = await repo.updateUser(
        tx,
        id,
        {
          ...(newEmail ? { email: newEmail } : {}),
          ...(newEmail && !own ? { emailConfirmedAt: null } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        },
        {
          revokeTokens:
            passwordHash !== undefined || roleIds !== undefined || (newEmail !== undefined && !own),
        },
      );
      if (!user) throw notFound(MESSAGES.USER_NOT_FOUND);
      if (roleIds) await repo.replaceUserRoles(tx, id, roleIds);
      // Recovery links mailed before die with the password or the address they were sent to.
      if (passwordHash || newEmail) await repo.deleteRecoveryTokens(tx, id);
      // The owner hears of it at the address the account had, and of a new password at the one it has now.
      if (newEmail) await deps.mail.enqueue(tx, emailChangedMail(before.email, newEmail));
      if (newEmail && !own) await queueEmailConfirmation(deps, tx, user);
      if (passwordHash)
        await deps.mail.enqueue(tx, passwordChangedMail(user.email, staffLoginUrl(deps.config)));
      await recordAudit(tx, caller, {
        action: 'update',
        entity: 'user',
        entityId: id,
        details: { email: input.user, passwordChanged: passwordHash !== undefined, roles: input.roles },
      });
      return user;
    });
    deps.mail.wake();
    return toUser(deps, updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.EMAIL_TAKEN);
    throw error;
  }
}

/** Why a request could not be acted on: it does not exist, it is no longer pending, or its address is unproven. */
async function notPending(db: DbOrTx, userId: number) {
  const user = await repo.findUserById(db, userId);
  if (!user) return notFound(MESSAGES.USER_NOT_FOUND);
  if (user.status === 'pending' && user.emailConfirmedAt === null)
    return conflict(MESSAGES.REQUEST_EMAIL_UNCONFIRMED);
  return conflict(MESSAGES.REQUEST_NOT_PENDING);
}

/** Approves a pending registration: the user becomes an active PRESTADOR and is told by mail. */
export async function approveRequest(deps: Deps, caller: Subject, userId: number) {
  const user = await deps.db.transaction(async (tx) => {
    const updated = await repo.activatePending(tx, userId);
    if (!updated) throw await notPending(tx, userId);
    await repo.assignRoleByName(tx, userId, ROLE_NAMES.PRESTADOR);
    const nombre = (await profesionales.findNombreByUserId(tx, userId)) ?? updated.email;
    await deps.mail.enqueue(tx, requestApprovedMail(updated.email, nombre, staffLoginUrl(deps.config)));
    await recordAudit(tx, caller, {
      action: 'approve',
      entity: 'user',
      entityId: userId,
      details: { email: updated.email },
    });
    return updated;
  });
  deps.mail.wake();
  return toUser(deps, user);
}

/**
 * Rejects a pending registration: the user and its provider record go, the
 * applicant is told by mail (with the reason, when staff gave one), and the
 * audit log keeps who and when.
 */
export async function rejectRequest(deps: Deps, caller: Subject, userId: number, motivo?: string) {
  await deps.db.transaction(async (tx) => {
    const nombre = await profesionales.findNombreByUserId(tx, userId);
    const removed = await repo.deletePending(tx, userId);
    if (!removed) throw await notPending(tx, userId);
    await deps.mail.enqueue(tx, requestRejectedMail(removed.email, motivo));
    await recordAudit(tx, caller, {
      action: 'reject',
      entity: 'user',
      entityId: userId,
      details: { email: removed.email, nombre, motivo },
    });
  });
  deps.mail.wake();
}

/** The owner opens the link mailed to the account's new address: it is proven. */
export async function confirmEmail(deps: Pick<Deps, 'db'>, token: string) {
  const confirmed = await repo.confirmEmailToken(deps.db, sha256(token));
  if (!confirmed) throw new AppError(400, MESSAGES.usuarios.EMAIL_TOKEN_INVALID, ERROR_CODES.INVALID_TOKEN);
  return { message: MESSAGES.usuarios.EMAIL_CONFIRMED };
}
