import crypto, { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readFile, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { MESSAGES } from '@red-dental/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/helpers.ts';
import { startS3 } from '../../../test/s3-server.ts';
import errorsPlugin from '../errors.ts';
import type { FileStorage } from './file-storage.ts';
import { isStorageUnavailable, StorageUnavailableError } from './index.ts';
import { s3Storage } from './s3-storage.client.ts';

/** `size` bytes made chunk by chunk as they are read, so the upload never exists whole in memory. */
function generatedStream(size: number) {
  let produced = 0;
  return new Readable({
    read() {
      if (produced >= size) {
        this.push(null);
        return;
      }
      const chunk = Buffer.alloc(Math.min(64 * 1024, size - produced), produced % 251);
      produced += chunk.length;
      this.push(chunk);
    },
  });
}

async function sha256Of(stream: Readable) {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function readAll(stream: Readable) {
  return Buffer.concat((await stream.toArray()) as Buffer[]);
}

const PDF = { contentType: 'application/pdf' };

/**
 * s3rver seals the continuation tokens of ListObjectsV2 with single DES, which
 * OpenSSL 3 no longer offers (its answer to a truncated listing is a 500).
 * While `run` runs, DES is computed as two-key triple DES with both keys the
 * same, which is the same cipher.
 */
async function withSingleDes<T>(run: () => Promise<T>): Promise<T> {
  const asDes = (algorithm: string, key: Buffer): [string, Buffer] =>
    algorithm === 'des' ? ['des-ede-cbc', Buffer.concat([key, key])] : [algorithm, key];
  const { createCipheriv, createDecipheriv } = crypto;
  const spies = [
    vi
      .spyOn(crypto, 'createCipheriv')
      .mockImplementation(((algorithm: string, key: Buffer, iv: Buffer) =>
        createCipheriv(...asDes(algorithm, key), iv)) as never),
    vi
      .spyOn(crypto, 'createDecipheriv')
      .mockImplementation(((algorithm: string, key: Buffer, iv: Buffer) =>
        createDecipheriv(...asDes(algorithm, key), iv)) as never),
  ];
  try {
    return await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** The listing under `prefix`, sorted by key. */
async function listed(storage: FileStorage, prefix: string) {
  const entries = [];
  for await (const entry of storage.list(prefix)) entries.push(entry);
  return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

describe.each(['disk', 's3'] as const)('file storage (%s)', (kind) => {
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.close();
    await rm(t.config.dataDir, { recursive: true, force: true });
  });
  const t = useTestApp('pglite', { env: () => s3?.env ?? {}, admin: false });
  const storage = () => t.app.storage;

  it('gives back a stored Buffer with its content type and size', async () => {
    const body = Buffer.from('%PDF-1.7 notificación de prueba');
    await storage().put('notificaciones/2026/11/buffer.pdf', body, PDF);

    const file = await storage().get('notificaciones/2026/11/buffer.pdf');
    expect(file).toMatchObject({ contentType: 'application/pdf', size: body.length });
    expect(await readAll(file!.body)).toEqual(body);
  });

  it('stores a 6 MB stream and gives it back as a stream', async () => {
    const size = 6 * 1024 * 1024 + 7;
    await storage().put('notificaciones/2026/11/grande.pdf', generatedStream(size), PDF);

    const file = await storage().get('notificaciones/2026/11/grande.pdf');
    expect(file).toMatchObject({ contentType: 'application/pdf', size });
    expect(await sha256Of(file!.body)).toBe(await sha256Of(generatedStream(size)));
  });

  it('answers undefined for a key without a file', async () => {
    expect(await storage().get('notificaciones/2026/11/no-existe.pdf')).toBeUndefined();
  });

  it('removes a file, and removing it again is not an error', async () => {
    await storage().put('notificaciones/2026/11/borrar.pdf', Buffer.from('x'), PDF);
    await storage().remove('notificaciones/2026/11/borrar.pdf');
    await storage().remove('notificaciones/2026/11/borrar.pdf');
    await storage().remove('notificaciones/nunca/existio.pdf');
    expect(await storage().get('notificaciones/2026/11/borrar.pdf')).toBeUndefined();
  });

  it('replaces a file stored under the same key, content type included', async () => {
    await storage().put('notificaciones/2026/11/reemplazo', Buffer.from('primera versión, más larga'), {
      contentType: 'text/plain',
    });
    await storage().put('notificaciones/2026/11/reemplazo', Buffer.from('%PDF segunda'), PDF);

    const file = await storage().get('notificaciones/2026/11/reemplazo');
    expect(file).toMatchObject({ contentType: 'application/pdf', size: 12 });
    expect((await readAll(file!.body)).toString()).toBe('%PDF segunda');
  });

  it('keeps serving the previous file while a new one is being uploaded', async () => {
    const key = 'notificaciones/2026/11/en-curso.pdf';
    await storage().put(key, Buffer.from('anterior'), PDF);

    const upload = new PassThrough();
    const putting = storage().put(key, upload, PDF);
    // Wait until the storage has taken the first megabyte, so the upload is truly under way.
    if (!upload.write(Buffer.alloc(1024 * 1024, 1))) await once(upload, 'drain');
    const during = await storage().get(key);
    expect((await readAll(during!.body)).toString()).toBe('anterior');

    upload.end(Buffer.from('fin'));
    await putting;
    const after = await storage().get(key);
    expect((await readAll(after!.body)).length).toBe(1024 * 1024 + 3);
  });

  it('keeps the previous file when an upload fails halfway', async () => {
    const key = 'notificaciones/2026/11/interrumpido.pdf';
    await storage().put(key, Buffer.from('completo'), PDF);

    const upload = new PassThrough();
    const putting = storage().put(key, upload, PDF);
    if (!upload.write(Buffer.alloc(1024 * 1024, 1))) await once(upload, 'drain');
    upload.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    const error = await putting.catch((e: unknown) => e);
    // The upload's own failure, as a dropped client connection looks, is not a storage outage.
    expect(error).toMatchObject({ message: 'aborted', code: 'ECONNRESET' });
    expect(isStorageUnavailable(error)).toBe(false);

    const file = await storage().get(key);
    expect((await readAll(file!.body)).toString()).toBe('completo');
  });

  it('lists the files under a prefix with when each was last written', async () => {
    const before = Date.now();
    for (const key of ['listado/2026/01/a.pdf', 'listado/2026/02/b.pdf', 'listado-otro/c.pdf', 'otros/d.pdf'])
      await storage().put(key, Buffer.from(key), PDF);

    const folder = await listed(storage(), 'listado/');
    expect(folder.map((e) => e.key)).toEqual(['listado/2026/01/a.pdf', 'listado/2026/02/b.pdf']);
    for (const entry of folder) {
      expect(entry.lastModified).toBeInstanceOf(Date);
      // S3 keeps whole seconds.
      expect(entry.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(entry.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // A prefix is a start of keys, as S3 has it, not only a folder.
    expect((await listed(storage(), 'listado')).map((e) => e.key)).toEqual([
      'listado-otro/c.pdf',
      'listado/2026/01/a.pdf',
      'listado/2026/02/b.pdf',
    ]);
    expect((await listed(storage(), 'listado/2026/02')).map((e) => e.key)).toEqual(['listado/2026/02/b.pdf']);
    expect(await listed(storage(), 'listado/2027/')).toEqual([]);
    expect(await listed(storage(), 'nada/')).toEqual([]);
    // Everything listed is a key the storage serves: nothing of its own bookkeeping.
    const all = await listed(storage(), '');
    expect(all.map((e) => e.key)).toContain('otros/d.pdf');
    expect(all.every((e) => !e.key.split('/').some((segment) => segment.startsWith('.')))).toBe(true);
  });

  it('lists past one page of answers', async () => {
    // S3 answers up to 1,000 keys a request; pages of 2 make three requests out of five keys.
    const paged = kind === 's3' ? s3Storage(t.config.s3!, { listPageSize: 2 }) : undefined;
    const keys = [1, 2, 3, 4, 5].map((n) => `paginas/${n}.pdf`);
    for (const key of keys) await storage().put(key, Buffer.from(key), PDF);
    try {
      const entries = await withSingleDes(() => listed(paged ?? storage(), 'paginas/'));
      expect(entries.map((e) => e.key)).toEqual(keys);
    } finally {
      paged?.close();
    }
  });

  it.each(['../', 'listado/../', '.meta/', '/etc'])('refuses to list the prefix %j', async (prefix) => {
    await expect(listed(storage(), prefix)).rejects.toThrow(/invalid storage prefix/);
  });

  it.each([
    '../fuera.pdf',
    'notificaciones/../../fuera.pdf',
    '/etc/passwd',
    'notificaciones//doble.pdf',
    'notificaciones/2026/',
    'notificaciones\\2026\\a.pdf',
    'notificaciones/./a.pdf',
    '.meta/a.pdf',
    '',
  ])('refuses the key %j as a programming error', async (key) => {
    const invalid = /invalid storage key/;
    await expect(storage().put(key, Buffer.from('x'), PDF)).rejects.toThrow(invalid);
    await expect(storage().get(key)).rejects.toThrow(invalid);
    await expect(storage().remove(key)).rejects.toThrow(invalid);
  });
});

describe('file storage on disk', () => {
  afterAll(() => rm(t.config.dataDir, { recursive: true, force: true }));
  const t = useTestApp('pglite', { admin: false });

  it('keeps each file as a plain file under DATA_DIR/files', async () => {
    await t.app.storage.put('notificaciones/2026/11/plano.pdf', Buffer.from('%PDF plano'), PDF);
    const onDisk = await readFile(path.join(t.config.dataDir, 'files/notificaciones/2026/11/plano.pdf'));
    expect(onDisk.toString()).toBe('%PDF plano');
  });

  it('lists a file with its modification time, and leaves out its own .tmp and .meta', async () => {
    const key = 'notificaciones/2020/01/antiguo.pdf';
    await t.app.storage.put(key, Buffer.from('%PDF antiguo'), PDF);
    const written = new Date('2020-01-15T12:00:00Z');
    await utimes(path.join(t.config.dataDir, 'files', key), written, written);

    const entries = await listed(t.app.storage, 'notificaciones/2020/');
    expect(entries).toEqual([{ key, lastModified: written }]);
    const all = await listed(t.app.storage, '');
    expect(all.some((e) => e.key.startsWith('.'))).toBe(false);
    expect(all.map((e) => e.key)).toContain(key);
  });

  it("keeps the files and the folders it makes to the server's user", async () => {
    await t.app.storage.put('notificaciones/2027/03/privado.pdf', Buffer.from('%PDF privado'), PDF);
    const root = path.join(t.config.dataDir, 'files');
    const modeOf = async (relative: string) => (await stat(path.join(root, relative))).mode & 0o777;
    for (const file of ['notificaciones/2027/03/privado.pdf', '.meta/notificaciones/2027/03/privado.pdf'])
      expect(await modeOf(file), file).toBe(0o600);
    for (const dir of [
      '.',
      '.tmp',
      'notificaciones',
      'notificaciones/2027',
      'notificaciones/2027/03',
      '.meta',
    ])
      expect(await modeOf(dir), dir).toBe(0o700);
  });
});

describe('file storage when S3 goes down', () => {
  it('rejects with a storage-unavailable error within seconds', async () => {
    const s3 = await startS3();
    const ctx = await createTestApp('pglite', s3.env);
    try {
      await ctx.app.storage.put('notificaciones/2026/11/antes.pdf', Buffer.from('ok'), PDF);
      await s3.close();

      const started = Date.now();
      const errors = await Promise.all([
        ctx.app.storage.put('notificaciones/2026/11/durante.pdf', Buffer.from('x'), PDF).catch((e) => e),
        ctx.app.storage.get('notificaciones/2026/11/antes.pdf').catch((e) => e),
        ctx.app.storage.remove('notificaciones/2026/11/antes.pdf').catch((e) => e),
        listed(ctx.app.storage, 'notificaciones/').catch((e) => e),
      ]);
      expect(errors.map(isStorageUnavailable)).toEqual([true, true, true, true]);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await ctx.close();
      await rm(ctx.config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('a request that meets a storage outage', () => {
  it('answers 503 with the storage message, not a 500 nor the database one', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/archivo', async () => {
      throw new StorageUnavailableError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' }),
      );
    });
    const res = await app.inject({ method: 'GET', url: '/archivo' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: MESSAGES.STORAGE_UNAVAILABLE, code: 'NO_DISPONIBLE' });
    await app.close();
  });
});
