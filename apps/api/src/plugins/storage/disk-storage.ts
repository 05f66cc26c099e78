import { randomUUID } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import {
  chmod,
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertValidPrefix,
  type FileStorageBackend,
  isValidKey,
  type StoredEntry,
} from './file-storage.ts';

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';
/** Stored files hold personal data: only the server's user may read them or list their folders. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/**
 * Files as plain files under `root` (DATA_DIR/files), so they can be opened
 * and backed up as they are, by the server's user only (files 0600, folders
 * 0700). Their content types are kept in a mirror tree under `root/.meta`.
 * Uploads are written under `root/.tmp` and renamed into place once complete
 * and flushed.
 */
export function diskStorage(root: string): FileStorageBackend {
  const tmpDir = path.join(root, '.tmp');
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  const metaOf = (key: string) => path.join(root, '.meta', ...key.split('/'));

  return {
    async put(key, body, { contentType }) {
      assertValidKey(key);
      await mkdir(tmpDir, { recursive: true, mode: DIR_MODE });
      const id = randomUUID();
      const tmpFile = path.join(tmpDir, id);
      const tmpMeta = path.join(tmpDir, `${id}.meta`);
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(tmpFile, { flags: 'wx', flush: true, mode: FILE_MODE }));
        await writeFile(tmpMeta, JSON.stringify({ contentType }), { flag: 'wx', mode: FILE_MODE });
        await mkdir(path.dirname(fileOf(key)), { recursive: true, mode: DIR_MODE });
        await mkdir(path.dirname(metaOf(key)), { recursive: true, mode: DIR_MODE });
        // The content type first: a reader that opens the new file finds its type already there.
        await rename(tmpMeta, metaOf(key));
        await rename(tmpFile, fileOf(key));
      } catch (error) {
        await Promise.all([rm(tmpFile, { force: true }), rm(tmpMeta, { force: true })]);
        throw error;
      }
    },

    async get(key) {
      assertValidKey(key);
      let handle: FileHandle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return undefined;
        }
        const contentType = await readContentType(metaOf(key));
        return { body: handle.createReadStream(), contentType, size: stat.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async remove(key) {
      assertValidKey(key);
      for (const file of [fileOf(key), metaOf(key)]) {
        await unlink(file).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
      }
    },

    async *list(prefix) {
      assertValidPrefix(prefix);
      // Walk only the folder the prefix names (up to its last slash), keeping what starts with it.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      yield* walk(path.join(root, ...folder.split('/').filter(Boolean)), folder, prefix);
    },

    close() {},
  };
}

/**
 * The files under `dir`, whose keys start with `keyPrefix`, that match
 * `prefix`. Names that cannot be a key segment are passed over: the hidden
 * `.tmp` and `.meta` folders, and anything copied in by hand under a name no
 * key could have. A file removed while the walk runs is passed over too.
 */
async function* walk(dir: string, keyPrefix: string, prefix: string): AsyncGenerator<StoredEntry> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    if (!isValidKey(entry.name)) continue;
    const key = `${keyPrefix}${entry.name}`;
    if (entry.isDirectory()) {
      const folder = `${key}/`;
      if (folder.startsWith(prefix) || prefix.startsWith(folder))
        yield* walk(path.join(dir, entry.name), folder, prefix);
    } else if (entry.isFile() && key.startsWith(prefix) && isValidKey(key)) {
      const stats = await stat(path.join(dir, entry.name)).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (stats) yield { key, lastModified: stats.mtime };
    }
  }
}

async function readContentType(metaFile: string): Promise<string> {
  try {
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as { contentType?: unknown };
    return typeof meta.contentType === 'string' ? meta.contentType : FALLBACK_CONTENT_TYPE;
  } catch (error) {
    // A file copied in by hand has no metadata; it is still served.
    if (isMissing(error)) return FALLBACK_CONTENT_TYPE;
    throw error;
  }
}

/** ENOTDIR: a segment of the key names a file, as in `a.pdf/b.pdf`. */
function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Makes `root` if missing and closes it to other users: a folder made by an
 * earlier version, or by hand, may be open to them, and everything stored
 * lies below it.
 */
export async function closeStorageRoot(root: string): Promise<void> {
  await mkdir(root, { recursive: true, mode: DIR_MODE });
  await chmod(root, DIR_MODE);
}
