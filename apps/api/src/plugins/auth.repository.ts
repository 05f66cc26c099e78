import type { UserStatus } from '@red-dental/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  afiliados,
  appSettings,
  permissions,
  rolePermissions,
  userRoles,
  userSessions,
  users,
} from '../db/schema/index.ts';

/** What every authenticated request needs to know about its user, read afresh each time. */
export interface SubjectRow {
  id: number;
  email: string;
  status: UserStatus;
  tokenVersion: number;
  /** Shared between requests of users with the same permissions: never changed. */
  permissions: ReadonlySet<string>;
  /** When the token's session was last seen; null when there is no such session (signed out). */
  sessionUsedAt: Date | null;
}

function subjectQuery(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      tokenVersion: users.tokenVersion,
      // One string, not an array: cheaper to read on every request, and its Set is kept (permissionSet).
      permissions: sql<string>`coalesce(string_agg(distinct ${permissions.name}, ','), '')`,
      sessionUsedAt: userSessions.lastUsedAt,
    })
    .from(users)
    .leftJoin(
      userSessions,
      and(eq(userSessions.id, sql.placeholder('sessionId')), eq(userSessions.userId, users.id)),
    )
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(users.id, sql.placeholder('userId')))
    .groupBy(users.id, userSessions.id)
    .prepare('find_subject_in_session');
}

const subjectQueries = new WeakMap<DbOrTx, ReturnType<typeof subjectQuery>>();

/**
 * Status, token version, permissions and the token's session of a user in one
 * indexed query, run on every authenticated request: built once per database
 * handle and sent as a named statement, so PostgreSQL parses and plans it once
 * per connection (decision 024).
 */
export async function findSubject(
  db: DbOrTx,
  userId: number,
  sessionId: string,
): Promise<SubjectRow | undefined> {
  let query = subjectQueries.get(db);
  if (!query) {
    query = subjectQuery(db);
    subjectQueries.set(db, query);
  }
  const [row] = await query.execute({ userId, sessionId });
  return row && { ...row, permissions: permissionSet(row.permissions) };
}

/** The Sets of the permission lists seen: a handful of roles give a handful of lists. */
const permissionSets = new Map<string, ReadonlySet<string>>();

function permissionSet(list: string): ReadonlySet<string> {
  let set = permissionSets.get(list);
  if (!set) {
    // Lists come from the roles' combinations; the bound only guards against an unforeseen many.
    if (permissionSets.size >= 1_000) permissionSets.clear();
    set = new Set(list === '' ? [] : list.split(','));
    permissionSets.set(list, set);
  }
  return set;
}

/** A new session (one sign-in, one device) of a user at its current token version. */
export async function insertSession(
  db: DbOrTx,
  values: { id: string; userId: number; tokenVersion: number; userAgent: string | null; address: string },
): Promise<void> {
  await db.insert(userSessions).values(values);
}

/** Notes that a session was just used; called only when the last note is several minutes old. */
export async function touchSession(db: DbOrTx, id: string): Promise<void> {
  await db.update(userSessions).set({ lastUsedAt: sql`now()` }).where(eq(userSessions.id, id));
}

/**
 * Drops the user's sessions that can no longer be used: from an older token
 * version (a password change, a deactivation) or older than the token lifetime.
 */
export async function pruneSessions(db: DbOrTx, userId: number, tokenVersion: number, maxAgeHours: number) {
  await db
    .delete(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        sql`(${userSessions.tokenVersion} <> ${tokenVersion} or ${userSessions.createdAt} < now() - make_interval(hours => ${maxAgeHours}))`,
      ),
    );
}

/** The affiliate's token version, or undefined when there is no such affiliate (any more). */
export async function findAfiliadoTokenVersion(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ tokenVersion: afiliados.tokenVersion })
    .from(afiliados)
    .where(eq(afiliados.id, id));
  return row?.tokenVersion;
}

/**
 * The value of a setting, stored as `generate()` gives it when there is none
 * yet; when instances start together, the first write wins for all of them.
 */
export async function findOrCreateSetting(db: DbOrTx, key: string, generate: () => string): Promise<string> {
  await db.insert(appSettings).values({ key, value: generate() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row!.value;
}
