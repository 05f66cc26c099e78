import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema/index.ts';

/** Every role with its permission names and how many accounts hold it. */
export async function findAll(db: DbOrTx) {
  const [rows, grants, holders] = await Promise.all([
    db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id)),
    db
      .select({ roleId: rolePermissions.roleId, name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .orderBy(asc(permissions.name)),
    db.select({ roleId: userRoles.roleId, n: count() }).from(userRoles).groupBy(userRoles.roleId),
  ]);
  const usuarios = new Map(holders.map((h) => [h.roleId, h.n]));
  return rows.map((role) => ({
    ...role,
    permissions: grants.filter((g) => g.roleId === role.id).map((g) => g.name),
    usuarios: usuarios.get(role.id) ?? 0,
  }));
}

export async function insert(db: DbOrTx, name: string) {
  const [row] = await db.insert(roles).values({ name }).returning({ id: roles.id, name: roles.name });
  return row!;
}

export async function rename(db: DbOrTx, id: number, name: string) {
  await db.update(roles).set({ name }).where(eq(roles.id, id));
}

/** Gives the role exactly these permissions (names from the catalogue). */
export async function replacePermissions(db: DbOrTx, roleId: number, names: readonly string[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (names.length === 0) return;
  await db.insert(rolePermissions).select(
    db
      .select({ roleId: sql<number>`${roleId}`.as('role_id'), permissionId: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...names])),
  );
}
