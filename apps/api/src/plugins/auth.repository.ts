import type { UserStatus } from '@red-dental/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  afiliados,
  appSettings,
  permissions,
  rolePermissions,
  userRoles,
  users,
} from '../db/schema/index.ts';

/** What every authenticated request needs to know about its user, read afresh each time. */
export interface SubjectRow {
  id: number;
  email: string;
  status: UserStatus;
  tokenVersion: number;
  permissions: string[];
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
 * statement, so PostgreSQL parses and plans it once per connection (decision 024).
 */
export async function findSubject(db: DbOrTx, userId: number): Promise<SubjectRow | undefined> {
  let query = subjectQueries.get(db);
  if (!query) {
    query = subjectQuery(db);
    subjectQueries.set(db, query);
  }
  const [row] = await query.execute({ userId });
  return row;
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
