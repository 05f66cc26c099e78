import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userRecoveryCodes, users } from '../../db/schema/index.ts';

/** The account's two-factor state, locked for the rest of the transaction (a code is taken once). */
export async function findTotpForUpdate(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function setPendingSecret(db: DbOrTx, userId: number, sealed: string): Promise<void> {
  await db.update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, userId));
}

/** Turns two-factor sign-in on with the pending secret, noting the step of the code that proved it. */
export async function enableTotp(db: DbOrTx, userId: number, sealed: string, step: number): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: sealed, totpPendingSecret: null, totpEnabledAt: sql`now()`, totpLastStep: step })
    .where(eq(users.id, userId));
}

export async function recordStep(db: DbOrTx, userId: number, step: number): Promise<void> {
  await db.update(users).set({ totpLastStep: step }).where(eq(users.id, userId));
}

export async function disableTotp(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
}

/** Replaces the account's recovery codes with these (hashes). */
export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[]): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends an unused recovery code of the account; whether there was one. */
export async function useRecoveryCode(db: DbOrTx, userId: number, hash: string): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, hash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
