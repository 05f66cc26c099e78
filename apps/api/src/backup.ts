import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { openPglite, pgliteDir } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { closeToOthers, keepNewFilesPrivate } from './lib/private-files.ts';

// Backups of an embedded installation: its database and its stored files in one gzipped tar.
// PostgreSQL installations use pg_dump and pg_restore (docs/operating.md, "Backups").

/** Says, in one line, why a backup or restore was not made; nothing was written. */
export class BackupRefused extends Error {}

const MANIFEST = 'red-dental-backup.json';
const DATABASE_ENTRY = 'db.tar.gz';
const FILES = 'files';
const FORMAT = 1;

/** Every stored file under `root` (DATA_DIR/files), as paths relative to it; uploads in progress (.tmp) are not stored files. */
async function storedFiles(root: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) {
      if (prefix === '' && entry.name === '.tmp') continue;
      found.push(...(await storedFiles(root, relative)));
    } else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

/** Takes DATA_DIR's lock, or refuses: the server (or another backup) has the embedded database open. */
function lockOrRefuse(dataDir: string, doing: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BackupRefused(
        `No se puede ${doing} mientras el servidor usa ${dataDir}: la base embebida es de un solo proceso. Detenga el servidor (SIGTERM o Ctrl+C), repita el comando y vuelva a iniciarlo.`,
      );
    throw error;
  }
}

/**
 * Writes a backup of DATA_DIR to `file`: the embedded database's data
 * directory as PGlite dumps it, and every stored file byte for byte. Taken
 * under DATA_DIR's lock, so with the server stopped and none starting
 * meanwhile: the copy is of one moment. Written to a `.partial` file renamed
 * at the end, so a backup that fails half-way never looks whole.
 */
export async function backupDataDir(
  dataDir: string,
  file: string,
): Promise<{ files: number; bytes: number }> {
  const folder = path.dirname(file);
  if (!(await stat(folder).catch(() => undefined))?.isDirectory())
    throw new BackupRefused(`La carpeta ${folder} no existe: créela antes (mkdir -p) o elija otra.`);
  // Checked before taking the lock, which would create DATA_DIR.
  const dbDir = pgliteDir(dataDir);
  if (!(await stat(dbDir).catch(() => undefined)))
    throw new BackupRefused(`No hay una base embebida en ${dataDir} (DATA_DIR): nada que copiar.`);
  const release = lockOrRefuse(dataDir, 'copiar la base embebida');
  try {
    const database = await openPglite(dbDir);
    let dump: Buffer;
    try {
      dump = Buffer.from(await (await database.dump!()).arrayBuffer());
    } finally {
      await database.close();
    }

    const partial = `${file}.partial`;
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    let files: string[];
    try {
      pack.entry(
        { name: MANIFEST },
        JSON.stringify({ format: FORMAT, createdAt: new Date().toISOString(), database: 'pglite' }),
      );
      pack.entry({ name: DATABASE_ENTRY, mode: 0o600 }, dump);
      const root = path.join(dataDir, FILES);
      files = await storedFiles(root);
      for (const relative of files) {
        const source = path.join(root, relative);
        const { size } = await stat(source);
        const entry = pack.entry({ name: `${FILES}/${relative}`, size, mode: 0o600 });
        await pipeline(createReadStream(source), entry);
      }
      pack.finalize();
      await written;
    } catch (error) {
      pack.destroy();
      await written.catch(() => {});
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, file);
    return { files: files.length, bytes: (await stat(file)).size };
  } finally {
    release();
  }
}

/**
 * Restores a backup into DATA_DIR, which must hold no database yet: the
 * stored files back under DATA_DIR/files (readable by the server's user
 * only), then the database loaded from its dump. The server can start on it
 * right after.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<{ files: number }> {
  if (!(await stat(file).catch(() => undefined))) throw new BackupRefused(`No existe el archivo ${file}.`);
  const dbDir = pgliteDir(dataDir);
  if ((await readdir(dbDir).catch(() => [])).length > 0)
    throw new BackupRefused(
      `${dataDir} (DATA_DIR) ya tiene una base embebida: restaure en un DATA_DIR vacío, o mueva la actual antes.`,
    );
  const release = lockOrRefuse(dataDir, 'restaurar la base embebida');
  const root = path.join(dataDir, FILES);
  let files = 0;
  try {
    // A DATA_DIR made beforehand (mkdir) is readable by others; the restored files go in closed.
    closeToOthers(dataDir);
    let manifest: { format?: number } | undefined;
    let dump: Buffer | undefined;
    const extract = tar.extract();
    const reading = pipeline(createReadStream(file), createGunzip(), extract);
    // A refusal below stops the reading; its own error then is no news.
    reading.catch(() => {});
    for await (const entry of extract) {
      const name = entry.header.name;
      if (name === MANIFEST || name === DATABASE_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        if (name === MANIFEST) manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        else dump = Buffer.concat(chunks);
        continue;
      }
      const relative = path.posix.normalize(name.slice(FILES.length + 1));
      if (!name.startsWith(`${FILES}/`) || relative.startsWith('..') || path.posix.isAbsolute(relative))
        throw new BackupRefused(`${file} no es una copia de Red Dental: contiene ${name}.`);
      const target = path.join(root, relative);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
      files++;
    }
    await reading;
    if (manifest?.format !== FORMAT || !dump)
      throw new BackupRefused(`${file} no es una copia de Red Dental (npm run backup) o está incompleta.`);
    const database = await openPglite(dbDir, new Blob([dump]));
    await database.close();
    return { files };
  } catch (error) {
    // Nothing half-restored stays behind to be taken for an installation.
    await rm(dbDir, { recursive: true, force: true });
    await rm(root, { recursive: true, force: true });
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(
      `No se pudo restaurar ${file} (¿copia dañada o incompleta?): ${(error as Error).message}`,
    );
  } finally {
    release();
  }
}

/** `npm run backup -- FILE` and `npm run restore -- FILE`, for DATA_DIR (from the environment or .env). */
export async function backupCommand(command: 'backup' | 'restore', args: readonly string[]): Promise<number> {
  const file = args[0];
  if (!file) {
    console.error(`Uso: npm run ${command} -- ARCHIVO`);
    return 2;
  }
  keepNewFilesPrivate();
  if (await stat('.env').catch(() => undefined)) process.loadEnvFile('.env');
  if (process.env.DATABASE_URL) {
    console.error(
      'Con DATABASE_URL la base es PostgreSQL: use pg_dump y pg_restore, y copie DATA_DIR/files (docs/operating.md, "Backups").',
    );
    return 2;
  }
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  try {
    if (command === 'backup') {
      const done = await backupDataDir(dataDir, path.resolve(file));
      console.log(
        `Copia de ${dataDir} escrita en ${file}: la base y ${done.files} archivos, ${(done.bytes / 1048576).toFixed(1)} MB.`,
      );
    } else {
      const done = await restoreDataDir(path.resolve(file), dataDir);
      console.log(
        `Copia ${file} restaurada en ${dataDir}: la base y ${done.files} archivos. Ya puede iniciar el servidor.`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
