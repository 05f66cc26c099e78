import type { UserStatus } from '@red-dental/contracts';
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  passwordResetTokens,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.ts';

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export function findUserById(db: DbOrTx, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** A staff account's own name (professionals keep theirs in profesionales). */
export async function findNombre(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ nombre: users.nombre }).from(users).where(eq(users.id, id));
  return row?.nombre ?? null;
}

export interface RoleWithPermissions {
  id: number;
  name: string;
  permissions: { name: string }[];
}

/** Roles of several users with their permission names, grouped by user id. */
/**
 * Locks an account's row until the transaction ends and answers every
 * permission it holds, so what is checked about it stays true until the
 * write. 'No key update', as an UPDATE takes: rows pointing at the account (an
 * audit row naming it as actor) may still be written, so two people acting on
 * each other at once cannot deadlock.
 */
export async function lockAndFindPermissions(tx: DbOrTx, userId: number): Promise<string[]> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const rows = await tx
    .selectDistinct({ name: permissions.name })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.name);
}

export async function findRolesOfUsers(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, RoleWithPermissions[]>> {
  const result = new Map<number, RoleWithPermissions[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({
      userId: userRoles.userId,
      roleId: roles.id,
      roleName: roles.name,
      permission: permissions.name,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.name), asc(permissions.name));
  for (const row of rows) {
    const list = result.get(row.userId)!;
    let role = list.find((r) => r.id === row.roleId);
    if (!role) {
      role = { id: row.roleId, name: row.roleName, permissions: [] };
      list.push(role);
    }
    if (row.permission) role.permissions.push({ name: row.permission });
  }
  return result;
}

export async function insertUser(
  db: DbOrTx,
  values: {
    email: string;
    passwordHash: string;
    status: UserStatus;
    emailConfirmedAt?: Date;
    nombre?: string | null;
  },
) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<{
    email: string;
    nombre: string;
    passwordHash: string;
    status: UserStatus;
    emailConfirmedAt: null;
  }>,
  options: { revokeTokens: boolean },
) {
  const [row] = await db
    .update(users)
    .set({
      ...values,
      updatedAt: sql`now()`,
      ...(options.revokeTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Deletes an account; its tokens stop working at once (every request looks the user up). */
export async function deleteUser(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** Notes a successful sign-in, for the accounts list's 'último ingreso'. */
export async function recordLogin(db: DbOrTx, id: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, id));
}

/** Resolves role ids or names to ids; unknown ones are reported by returning fewer ids. */
export async function findRoleIds(db: DbOrTx, refs: (number | string)[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const ids = refs.filter((r): r is number => typeof r === 'number');
  const names = refs.filter((r): r is string => typeof r === 'string');
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      ids.length && names.length
        ? sql`${inArray(roles.id, ids)} or ${inArray(roles.name, names)}`
        : ids.length
          ? inArray(roles.id, ids)
          : inArray(roles.name, names),
    );
  return rows.map((r) => r.id);
}

export async function replaceUserRoles(db: DbOrTx, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function assignRoleByName(db: DbOrTx, userId: number, roleName: string) {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, roleName));
  if (!role) throw new Error(`role ${roleName} is not seeded`);
  await db.insert(userRoles).values({ userId, roleId: role.id }).onConflictDoNothing();
}

/**
 * Activates a pending user whose address is confirmed; undefined when the
 * user is not such a request (any more). The condition is in the statement
 * itself, so of two concurrent approvals (or an approval and a rejection)
 * only one finds the request pending.
 */
export async function activatePending(db: DbOrTx, userId: number) {
  const [row] = await db
    .update(users)
    .set({ status: 'active', updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.status, 'pending'), isNotNull(users.emailConfirmedAt)))
    .returning();
  return row;
}

/** Deletes a pending user; undefined when the user is not pending (any more), as for activatePending. */
export async function deletePending(db: DbOrTx, userId: number) {
  const [row] = await db
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.status, 'pending')))
    .returning({ id: users.id, email: users.email });
  return row;
}

/**
 * Stores the hash of a new recovery link for the user. Earlier links stay
 * valid until they expire (how many a user can have is bounded by the mails
 * sent), so a request made by someone else never spoils the owner's link;
 * used and expired ones go.
 */
export async function addRecoveryToken(
  db: DbOrTx,
  userId: number,
  tokenHash: string,
  validMinutes: number,
): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        sql`(${passwordResetTokens.usedAt} is not null or ${passwordResetTokens.expiresAt} <= now())`,
      ),
    );
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${validMinutes})`,
  });
}

/** Every outstanding recovery link of the user stops working (the password or the address changed). */
export async function deleteRecoveryTokens(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** Stores the hash of a new e-mail confirmation link for the user, replacing any earlier one. */
export async function replaceEmailToken(
  db: DbOrTx,
  userId: number,
  tokenHash: string,
  validHours: number,
): Promise<void> {
  await db
    .update(users)
    .set({
      emailTokenHash: tokenHash,
      emailTokenExpiresAt: sql`now() + make_interval(hours => ${validHours})`,
    })
    .where(eq(users.id, userId));
}

/**
 * Confirms the address of the user holding a valid confirmation link and
 * spends the link, in one statement; undefined for an unknown, used or expired one.
 */
export async function confirmEmailToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(users)
    .set({ emailConfirmedAt: sql`now()`, emailTokenHash: null, emailTokenExpiresAt: null })
    .where(and(eq(users.emailTokenHash, tokenHash), gt(users.emailTokenExpiresAt, sql`now()`)))
    .returning({ id: users.id, email: users.email });
  return row;
}

/** A recovery link that still works: not used, not expired. */
const usableRecoveryToken = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

/** Whether a recovery link would still restore a password (unused, in time), without spending it. */
export async function isRecoveryTokenUsable(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usableRecoveryToken(tokenHash))
    .limit(1);
  return rows.length > 0;
}

/**
 * Marks a valid recovery link used and answers its user. Finding and marking
 * in one statement makes a second use fail, even a concurrent one.
 */
export async function consumeRecoveryToken(db: DbOrTx, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(usableRecoveryToken(tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}
