import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { MESSAGES } from '@red-dental/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { parseForm } from '../lib/forms.ts';
import dbPlugin from './db.ts';
import errorsPlugin from './errors.ts';
import uploadsPlugin from './uploads.ts';

const MB = 1024 * 1024;

/** A multipart body exactly as a browser's FormData encodes it. */
async function formBody(fields: Record<string, string>, file?: { name: string; bytes: number }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([Buffer.alloc(file.bytes, 'a')], { type: 'text/plain' }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** Counts the bytes it passes on: stands in for a content check such as the CSV sniffer. */
class ByteCounter extends PassThrough {
  seen = 0;
  constructor() {
    super();
    this.on('data', (chunk: Buffer) => {
      this.seen += chunk.length;
    });
  }
}

describe('uploads plugin', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'red-dental-uploads-'));
  const app = Fastify({ logger: false });
  const kept: string[] = [];

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await app.register(errorsPlugin);
    // Only the config is used by the uploads plugin; no database is opened.
    await app.register(dbPlugin, { config, database: {} as Database, closeDatabase: false });
    await app.register(uploadsPlugin);
    for (const [url, maxBytes] of [
      ['/small', 1 * MB],
      ['/large', 2 * MB],
    ] as const) {
      app.post(url, async (request) => {
        const upload = await request.receiveUpload({ maxBytes, inspect: () => new ByteCounter() });
        try {
          const form = parseForm(
            z.object({ titulo: z.string({ error: 'Falta el título' }), file: z.string() }),
            { ...upload.fields, file: upload.file?.fileName },
          );
          kept.push(upload.file!.path);
          return {
            titulo: form.titulo,
            fileName: form.file,
            bytes: upload.file!.bytes,
            seen: upload.inspection!.seen,
            onDisk: readFileSync(upload.file!.path).length,
          };
        } finally {
          await upload.cleanup();
        }
      });
    }
    await app.ready();
  });
  afterAll(() => app.close());

  const post = async (url: string, fields: Record<string, string>, file?: { name: string; bytes: number }) =>
    app.inject({ method: 'POST', url, ...(await formBody(fields, file)) });

  it('reads the fields and streams the file to a temporary file through the inspect stream', async () => {
    const res = await post('/small', { titulo: 'Circular' }, { name: 'circular.txt', bytes: 300_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      titulo: 'Circular',
      fileName: 'circular.txt',
      bytes: 300_000,
      seen: 300_000,
      onDisk: 300_000,
    });
    // cleanup() removed it once the handler was done.
    expect(existsSync(kept.at(-1)!)).toBe(false);
  });

  it("applies each route's own size limit, refusing with 413 and a Spanish message", async () => {
    const file = { name: 'grande.txt', bytes: Math.round(1.5 * MB) };
    const small = await post('/small', { titulo: 'X' }, file);
    expect(small.statusCode).toBe(413);
    expect(small.json()).toEqual({ error: MESSAGES.FILE_TOO_LARGE(1), code: 'DEMASIADO_GRANDE' });
    const large = await post('/large', { titulo: 'X' }, file);
    expect(large.statusCode).toBe(200);
    expect(large.json()).toMatchObject({ bytes: file.bytes });
  });

  it('answers a 400 with every field message when the contract schema refuses the fields', async () => {
    const res = await post('/small', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Falta el título', code: 'VALIDACION' });
    expect(Object.keys(res.json().fields)).toEqual(['titulo', 'file']);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/small', payload: { titulo: 'X' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: MESSAGES.NOT_MULTIPART, code: 'TIPO_NO_ADMITIDO' });
  });

  it('leaves no temporary files behind, refused uploads included', async () => {
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
  });
});
