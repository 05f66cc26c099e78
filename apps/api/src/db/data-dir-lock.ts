import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The PID written in a lock file; 'absent' when there is no file, undefined when it holds no PID. */
function readPid(file: string): number | 'absent' | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'absent' : undefined;
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Creates `file` holding this process's PID, or returns false if it exists.
 * The PID is written to a private file first and hard-linked into place, so
 * the lock file never exists without its PID.
 */
function tryCreate(file: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, String(process.pid));
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

const lockedError = (dataDir: string, pid: number) =>
  new DataDirLockedError(
    `El directorio de datos ${dataDir} está en uso por otro proceso (PID ${pid}). ` +
      'Detenga ese proceso o use otro DATA_DIR; dos procesos sobre la misma base embebida pierden datos.',
  );

/**
 * Removes a lock whose process is gone. Only the holder of a second lock file
 * (`.takeover`, created the same atomic way) may do it, and only after
 * reading under that guard that the lock still names the dead process; so a
 * live lock is never removed, even when several processes find the same
 * stale one. A guard left by a process that died while holding it is removed
 * when its process is gone. Returns false when another process is taking
 * over right now.
 */
function removeStaleLock(file: string, stalePid: number | undefined): boolean {
  const guard = `${file}.takeover`;
  if (!tryCreate(guard)) {
    const guardPid = readPid(guard);
    // A guard that vanished meanwhile is not removed: the name may already be another process's guard.
    if (guardPid !== 'absent' && (guardPid === undefined || !isAlive(guardPid)))
      rmSync(guard, { force: true });
    return false;
  }
  try {
    // Only a lock file that exists and still names the dead process: while it exists nobody can
    // create another in its place, so removing it removes exactly the stale one.
    if (readPid(file) === stalePid) rmSync(file, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
  return true;
}

/**
 * Two processes on one PGlite directory silently lose data, so the server
 * holds an exclusive lock file (with its PID) on DATA_DIR while it runs. A
 * lock left by a process that is gone is taken over (see removeStaleLock).
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 50; attempt++) {
    if (tryCreate(file)) {
      return () => {
        if (readPid(file) === process.pid) rmSync(file, { force: true });
      };
    }
    const holder = readPid(file);
    // Gone since the attempt above: try again at once.
    if (holder === 'absent') continue;
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) throw lockedError(dataDir, holder);
    if (!removeStaleLock(file, holder)) sleep(20);
  }
  throw new DataDirLockedError(`No se pudo tomar el bloqueo de ${dataDir}`);
}

/** Waits without an event loop turn: the lock is taken before the server starts anything. */
function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
