import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  permissions,
  profesionales,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.ts';

export interface Subject {
  id: number;
  email: string;
  status: 'pending' | 'active';
  tokenVersion: number;
  permissions: Set<string>;
}

function subjectQuery(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      tokenVersion: users.tokenVersion,
      permissions: sql<
        string[]
      >`coalesce(array_agg(distinct ${permissions.name}) filter (where ${permissions.name} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(users.id, sql.placeholder('userId')))
    .groupBy(users.id)
    .prepare('find_subject');
}

const subjectQueries = new WeakMap<DbOrTx, ReturnType<typeof subjectQuery>>();

/**
 * Status, token version and permissions of a user in one indexed query, run on
 * every authenticated request: built once per database handle and sent as a named
 * statement, so PostgreSQL parses and plans it once per connection.
 */
export async function findSubject(db: DbOrTx, userId: number): Promise<Subject | undefined> {
  let query = subjectQueries.get(db);
  if (!query) {
    query = subjectQuery(db);
    subjectQueries.set(db, query);
  }
  const [row] = await query.execute({ userId });
  return row && { ...row, permissions: new Set(row.permissions) };
}

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export function findUserById(db: DbOrTx, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export interface RoleWithPermissions {
  id: number;
  name: string;
  permissions: { name: string }[];
}

/** Roles of several users with their permission names, grouped by user id. */
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

export async function findProfessionalName(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ nombre: profesionales.nombre })
    .from(profesionales)
    .where(eq(profesionales.userId, userId));
  return row?.nombre ?? null;
}

export async function insertUser(
  db: DbOrTx,
  values: { email: string; passwordHash: string; status: 'pending' | 'active' },
) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<{ email: string; passwordHash: string; status: 'pending' | 'active' }>,
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

export function deleteUser(db: DbOrTx, id: number) {
  return db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
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

export function findPendingRequests(db: DbOrTx) {
  return db
    .select({
      id: profesionales.id,
      nombre: profesionales.nombre,
      razonSocial: profesionales.razonSocial,
      email: users.email,
      createdAt: users.createdAt,
      userId: users.id,
    })
    .from(users)
    .innerJoin(profesionales, eq(profesionales.userId, users.id))
    .where(eq(users.status, 'pending'))
    .orderBy(asc(users.createdAt), asc(users.id));
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

export function listPermissions(db: DbOrTx) {
  return db.select().from(permissions).orderBy(asc(permissions.name));
}

export function isPending(db: DbOrTx, userId: number) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'pending')))
    .then((r) => r.length > 0);
}
