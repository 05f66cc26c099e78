import { ROLE_NAMES, type UserStatus } from '@red-dental/contracts';
import { and, asc, count, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { compactFolded } from '../../db/name-search.ts';
import {
  permissions,
  profesionales,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { compactSearchKey, likeContaining } from '../../lib/text.ts';

const nombre = sql<string | null>`coalesce(${users.nombre}, ${profesionales.nombre})`;

function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const key = compactSearchKey(search);
  // Only spaces or punctuation typed (a literal %) finds nobody rather than everybody.
  if (!key) return sql`false`;
  const pattern = likeContaining(key);
  return sql`(${compactFolded(sql`${users.email}`)} like ${pattern} or ${compactFolded(nombre)} like ${pattern})`;
}

/**
 * A page of every account, staff and professionals, by name (e-mail for those
 * without one), with the total: two queries over a table of a few thousand rows.
 */
export async function findUsuariosPage(
  db: DbOrTx,
  query: { pageIndex: number; pageSize: number; search?: string },
) {
  const where = matching(query.search);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        nombre,
        esProfesional: sql<boolean>`${profesionales.id} is not null`,
        status: users.status,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(profesionales, eq(profesionales.userId, users.id))
      .where(where)
      .orderBy(asc(sql`lower(coalesce(${nombre}, ${users.email}))`), asc(users.id))
      .limit(query.pageSize)
      .offset(query.pageIndex * query.pageSize),
    db
      .select({ n: count() })
      .from(users)
      .leftJoin(profesionales, eq(profesionales.userId, users.id))
      .where(where),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}

/** An account with its name (staff's or the professional's). */
export async function findUsuario(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      nombre,
      status: users.status,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .leftJoin(profesionales, eq(profesionales.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

export async function insertInvited(
  db: DbOrTx,
  values: { email: string; nombre: string; inviteTokenHash: string; inviteExpiresAt: Date },
) {
  const [row] = await db
    .insert(users)
    // No password can match '!' (not a hash): the account opens only through its invitation.
    // Staff vouch for the address they invite, as for an account they create.
    .values({ ...values, passwordHash: '!', status: 'invited', emailConfirmedAt: sql`now()` })
    .returning({ id: users.id, email: users.email });
  return row!;
}

/** A new invitation link for an invited account (the previous one stops working); whether there was one. */
export async function renewInvitation(
  db: DbOrTx,
  id: number,
  values: { inviteTokenHash: string; inviteExpiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.status, 'invited')))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The invited account a link names, while the link is valid. */
export async function findByInvitation(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, nombre: users.nombre })
    .from(users)
    .where(
      and(
        eq(users.inviteTokenHash, tokenHash),
        eq(users.status, 'invited'),
        gt(users.inviteExpiresAt, sql`now()`),
      ),
    )
    .for('update');
  return row;
}

/** The invitee's password: the account becomes active, its address proven by the link, the link spent. */
export async function acceptInvitation(db: DbOrTx, id: number, passwordHash: string) {
  await db
    .update(users)
    .set({
      passwordHash,
      status: 'active',
      emailConfirmedAt: sql`now()`,
      inviteTokenHash: null,
      inviteExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
}

/** Moves an account from one state to another; deactivating ends every session. Whether it was in `from`. */
export async function changeStatus(
  db: DbOrTx,
  id: number,
  from: UserStatus,
  to: UserStatus,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(to === 'inactive' ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    })
    .where(and(eq(users.id, id), eq(users.status, from)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Serializes every change that could leave the network without an active
 * administrator (role changes, deactivations), across connections and instances,
 * until the transaction ends.
 */
export async function lockAdministrators(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('red-dental:administradores'))`);
}

/** Active accounts holding ADMINISTRADOR other than `exceptId`. */
export async function countOtherActiveAdmins(db: DbOrTx, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.name, ROLE_NAMES.ADMINISTRADOR), eq(users.status, 'active'), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

/** Which of these role ids exist, with their names. */
export function findRolesByIds(db: DbOrTx, ids: number[]) {
  return db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids));
}

/** The permission names the roles grant, all together. */
export async function findPermissionsOfRoles(db: DbOrTx, roleIds: number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((r) => r.name);
}
