import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userSessions, users } from '../../db/schema/index.ts';

/** The user's sessions still usable (current token version, younger than the token lifetime), newest use first. */
export function findSessions(db: DbOrTx, userId: number, maxAgeHours: number) {
  return db
    .select({
      id: userSessions.id,
      userAgent: userSessions.userAgent,
      address: userSessions.address,
      createdAt: userSessions.createdAt,
      lastUsedAt: userSessions.lastUsedAt,
    })
    .from(userSessions)
    .innerJoin(
      users,
      and(eq(users.id, userSessions.userId), eq(users.tokenVersion, userSessions.tokenVersion)),
    )
    .where(
      and(
        eq(userSessions.userId, userId),
        gt(userSessions.createdAt, sql`now() - make_interval(hours => ${maxAgeHours})`),
      ),
    )
    .orderBy(desc(userSessions.lastUsedAt));
}

/** Ends one session of the user; whether there was one. */
export async function deleteSession(db: DbOrTx, userId: number, id: string): Promise<boolean> {
  const rows = await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), eq(userSessions.id, id)))
    .returning({ id: userSessions.id });
  return rows.length > 0;
}

/**
 * Ends every session of the user but `keepId`; how many of them were still
 * usable (rows already dead, of an older token version or age, go too, uncounted).
 */
export async function deleteOtherSessions(
  db: DbOrTx,
  userId: number,
  keepId: string,
  live: { tokenVersion: number; maxAgeHours: number },
): Promise<number> {
  const rows = await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), ne(userSessions.id, keepId)))
    .returning({
      live: sql<boolean>`${userSessions.tokenVersion} = ${live.tokenVersion} and ${userSessions.createdAt} > now() - make_interval(hours => ${live.maxAgeHours})`,
    });
  return rows.filter((r) => r.live).length;
}

/** The session just proved a second factor: its owner turned two-factor sign-in on from it. */
export async function markSecondFactor(db: DbOrTx, userId: number, sessionId: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ secondFactorAt: sql`now()` })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)));
}
