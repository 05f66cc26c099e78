import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import { type Database, openPglite, openPostgres, pgliteDir } from './db/client.ts';
import { migrate, withStartupLock } from './db/migrate.ts';
import { seedCatalogue, seedFirstAdmin } from './db/seed/base.ts';
import { demoDataStatus, seedDemoData } from './db/seed/demo.ts';
import { API_ROOT } from './paths.ts';
import { openStorage } from './plugins/storage/index.ts';

const ROOT = fileURLToPath(new URL('../..', API_ROOT));
const WEB = path.join(ROOT, 'apps/web');

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** Builds the web app when its bundle is missing or older than its sources (no-op in a deployed image without sources). */
export function buildWebIfStale(log: (message: string) => void) {
  const built = path.join(WEB, 'dist', 'index.html');
  const sources = [
    path.join(WEB, 'src'),
    path.join(WEB, 'index.html'),
    path.join(WEB, 'vite.config.ts'),
    path.join(WEB, 'build'),
    path.join(WEB, 'public'),
    path.join(ROOT, 'packages/contracts/src'),
  ];
  if (!existsSync(path.join(WEB, 'src'))) return;
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map(newestMtime))) return;
  log(builtAt ? 'La aplicación web cambió: compilando…' : 'Compilando la aplicación web (primera vez)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error('No se pudo compilar la aplicación web (npm run build -w apps/web)');
}

export function openDatabase(config: Config): Promise<Database> | Database {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize, config.statementTimeoutMs)
    : openPglite(pgliteDir(config.dataDir));
}

export interface PreparedDatabase {
  adminCreated: boolean;
  demo: Awaited<ReturnType<typeof seedDemoData>> | undefined;
}

/** Migrates and seeds (catalogue, roles, first admin, demo data when asked), once even with several instances. */
export async function prepareDatabase(database: Database, config: Config): Promise<PreparedDatabase> {
  return withStartupLock(database.db, database.kind, async () => {
    await migrate(database.db);
    await seedCatalogue(database.db);
    const adminCreated = await seedFirstAdmin(database.db, config);
    let demo: PreparedDatabase['demo'];
    // The demo set's accounts have published passwords: they go only into a database this very start
    // created the first administrator of. A later start without ADMIN_* (a restart, a restored copy)
    // must not add them to an installation in use.
    if (config.demoData && !adminCreated) demo = await demoDataStatus(database.db);
    else if (config.demoData) {
      const storage = await openStorage(config);
      try {
        demo = await seedDemoData(database.db, { storage });
      } finally {
        storage.close();
      }
    }
    return { adminCreated, demo };
  });
}
