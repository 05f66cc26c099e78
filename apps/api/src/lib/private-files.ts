import { chmodSync, lstatSync, readdirSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';

/** Group and others' permission bits. */
const OTHERS = 0o077;

let startingUmask: number | undefined;

/**
 * From now on what this process creates without an explicit mode is its
 * user's alone (files 0600, folders 0700), whatever the umask it was started
 * with: uploads in progress, the lock file, the relation cache file that
 * PostgreSQL inside PGlite rewrites. A mode set by chmod is not masked: see
 * `closeToOthers`.
 */
export function keepNewFilesPrivate(): void {
  startingUmask ??= process.umask(0o077);
}

/**
 * Runs `work` under the umask the process was started with, for what is made
 * for other users too (the web build, which a front server may serve).
 * Only for synchronous work: the umask is the whole process's.
 */
export function withStartingUmask<T>(work: () => T): T {
  if (startingUmask === undefined) return work();
  const own = process.umask(startingUmask);
  try {
    return work();
  } finally {
    process.umask(own);
  }
}

/**
 * Takes group and others' access off `root` and everything under it (files
 * 0600, folders 0700 when they were 0666 and 0755). PGlite sets 0666 with
 * chmod on the files it copies in (a fresh database's, a loaded dump's), so
 * the umask does not cover them; installations made before the umask had
 * more. Symbolic links under `root` are not followed.
 */
export function closeToOthers(root: string): void {
  close(root, statSync(root));
}

function close(entry: string, stats: Stats) {
  if ((stats.mode & OTHERS) !== 0) chmodSync(entry, stats.mode & ~OTHERS & 0o7777);
  if (!stats.isDirectory()) return;
  for (const name of readdirSync(entry)) {
    const child = path.join(entry, name);
    let childStats: Stats;
    try {
      childStats = lstatSync(child);
    } catch (error) {
      // Removed meanwhile: nothing left to close.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (!childStats.isSymbolicLink()) close(child, childStats);
  }
}
