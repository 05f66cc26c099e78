import type { Readable } from 'node:stream';

export interface StoredFile {
  body: Readable;
  contentType: string;
  /** Bytes. */
  size: number;
}

/**
 * Uploaded files (notification PDFs) by key, on disk or in S3-compatible
 * storage (docs/decisions/040-file-storage-disk-or-s3.md). Keys are made by
 * callers, e.g. `notificaciones/2026/11/<uuid>.pdf`.
 */
export interface FileStorage {
  /** Stores the whole body under the key, replacing any previous file; readers never see part of it. */
  put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<void>;
  /** The file, or undefined when there is none. The caller must consume or destroy the body. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Deletes the file; a key without a file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Every stored file whose key starts with `prefix` (`notificaciones/` for a
   * folder, `''` for all), in no particular order, with the time it was last
   * written. Read lazily, page by page, so a large store is never held whole.
   */
  list(prefix: string): AsyncIterable<StoredEntry>;
}

/** One file of a listing: its key and when it was last written (file mtime, S3 LastModified). */
export interface StoredEntry {
  key: string;
  lastModified: Date;
}

/** A backend also releases what it holds (sockets) when the app closes. */
export interface FileStorageBackend extends FileStorage {
  close(): void;
}

/**
 * Segments of letters, digits, `.`, `_` and `-`, not starting with a dot: no
 * `..`, no hidden names (the disk backend keeps its own under `.tmp` and
 * `.meta`), no empty segment, no absolute path, no backslash. Short enough for
 * any file system and for S3's 1,024-byte limit.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 512;

/** Whether `key` is one the storage accepts (see SEGMENT): a listing may meet files put there by other means. */
export function isValidKey(key: string): boolean {
  return (
    typeof key === 'string' && key.length <= MAX_KEY_LENGTH && key.split('/').every((s) => SEGMENT.test(s))
  );
}

/** A bad key is a bug in the caller, so it throws a plain Error rather than an answer for the client. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * A listing prefix is empty, or the start of a valid key, folder or not
 * (`notificaciones/`, `notificaciones/2026`): no `..`, no hidden names.
 */
export function assertValidPrefix(prefix: string): void {
  const isValid = prefix === '' || (typeof prefix === 'string' && isValidKey(prefix.replace(/\/$/, '')));
  if (!isValid) throw new Error(`invalid storage prefix: ${JSON.stringify(prefix)}`);
}

/**
 * The storage service could not be reached or answered with a server error:
 * the request may succeed a little later, so callers answer 503 with
 * MESSAGES.STORAGE_UNAVAILABLE instead of 500.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('file storage is unavailable', { cause });
    this.name = 'StorageUnavailableError';
  }
}

export function isStorageUnavailable(error: unknown): boolean {
  return error instanceof StorageUnavailableError;
}
