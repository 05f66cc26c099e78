import type { UserStatus } from '@red-dental/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, statement } from '../db/client.ts';
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
  /** Whether the session proved a second factor. */
  secondFactor: boolean;
}

/**
 * The subject read, written once and sent as a named statement. The
 * permissions come as one string, not an array (cheaper to read, and their
 * Set is kept: `permissionSet`), the session's last use as milliseconds.
 */
const subjectStatement = statement<{
  id: number;
  email: string;
  status: UserStatus;
  token_version: number;
  permissions: string;
  session_used_ms: number | null;
  second_factor: boolean;
}>(sql`
  select ${users.id}, ${users.email}, ${users.status}, ${users.tokenVersion},
    coalesce(string_agg(distinct ${permissions.name}, ','), '') as permissions,
    (extract(epoch from ${userSessions.lastUsedAt}) * 1000)::float8 as session_used_ms,
    ${userSessions.secondFactorAt} is not null as second_factor
  from ${users}
  left join ${userSessions}
    on ${userSessions.id} = ${sql.placeholder('sessionId')} and ${userSessions.userId} = ${users.id}
  left join ${userRoles} on ${userRoles.userId} = ${users.id}
  left join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId}
  left join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
  where ${users.id} = ${sql.placeholder('userId')}
  group by ${users.id}, ${userSessions.id}`);

/**
 * Status, token version, permissions and the token's session of a user in one
 * indexed query, run on every authenticated request; PostgreSQL parses and
 * plans it once per connection (decision 024).
 */
export async function findSubject(
  db: DbOrTx,
  userId: number,
  sessionId: string,
): Promise<SubjectRow | undefined> {
  const [row] = await subjectStatement(db, { userId, sessionId });
  return (
    row && {
      id: row.id,
      email: row.email,
      status: row.status,
      tokenVersion: row.token_version,
      permissions: permissionSet(row.permissions),
      sessionUsedAt: row.session_used_ms === null ? null : new Date(Number(row.session_used_ms)),
      secondFactor: row.second_factor === true,
    }
  );
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
  values: {
    id: string;
    userId: number;
    tokenVersion: number;
    userAgent: string | null;
    address: string;
    secondFactor: boolean;
  },
): Promise<void> {
  const { secondFactor, ...session } = values;
  await db.insert(userSessions).values({ ...session, secondFactorAt: secondFactor ? sql`now()` : null });
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

/** The affiliate's token version, or undefined when there is no such affiliate (any more) or it is de baja. */
export async function findAfiliadoTokenVersion(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ tokenVersion: afiliados.tokenVersion })
    .from(afiliados)
    .where(and(eq(afiliados.id, id), isNull(afiliados.bajaAt)));
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
