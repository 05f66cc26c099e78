import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * With the embedded database this process is DATA_DIR's only user (it holds
 * the lock); with PostgreSQL other instances may share the directory and be
 * writing, so only what a day has not touched is a leftover.
 */
export const LEFTOVERS = (config: Pick<Config, 'databaseUrl'>) => ({
  exclusive: !config.databaseUrl,
  olderThanMs: 24 * 60 * 60 * 1000,
});

/**
 * Removes what a crashed process left in a temporary directory: every entry
 * when this process is the only one using it (the embedded database holds the
 * DATA_DIR lock), otherwise only entries untouched for `olderThanMs`, since
 * another instance sharing the directory may be writing its own.
 */
export async function removeLeftovers(dir: string, options: { exclusive: boolean; olderThanMs: number }) {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - options.olderThanMs;
  let removed = 0;
  for (const name of names) {
    const entry = path.join(dir, name);
    try {
      if (!options.exclusive && (await stat(entry)).mtimeMs > cutoff) continue;
      await rm(entry, { recursive: true, force: true });
      removed += 1;
    } catch {
      // gone meanwhile
    }
  }
  return removed;
}
