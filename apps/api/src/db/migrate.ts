import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { API_ROOT } from '../paths.ts';
import type { Db } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('drizzle', API_ROOT));

/** Arbitrary constant: the advisory lock that serialises migrate + seed across instances. */
const STARTUP_LOCK = 720_318_001;

/**
 * Applies the generated migrations. On PostgreSQL several instances may start
 * together, so the work runs under an advisory lock (PGlite has one process).
 */
export async function migrate(db: Db) {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  // Same call the driver-specific migrators make; one function serves both drivers.
  const internal = db as unknown as {
    dialect: { migrate: (m: unknown, s: unknown, c: unknown) => Promise<void> };
    session: unknown;
  };
  await internal.dialect.migrate(migrations, internal.session, { migrationsFolder: MIGRATIONS_FOLDER });
}

export async function withStartupLock<T>(
  db: Db,
  kind: 'pglite' | 'postgres',
  work: () => Promise<T>,
): Promise<T> {
  if (kind === 'pglite') return work();
  // A session-level lock needs one connection for lock and unlock: a transaction-level lock is simpler.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK})`);
    return work();
  });
}
