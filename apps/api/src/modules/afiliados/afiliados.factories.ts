import { randomBytes } from 'node:crypto';
import type { AfiliadoInput, ObraSocialInput } from '@red-dental/contracts';
import { buildAfiliadoInput, buildObraSocialInput } from '@red-dental/testing';
import type { App } from '../../app.ts';

/** Rows created through the API, as staff would, from the shared builders' bodies. */

export async function createObraSocial(
  app: App,
  auth: Record<string, string>,
  overrides: Partial<ObraSocialInput> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/obra-sociales',
    headers: auth,
    payload: buildObraSocialInput(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create obra social failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; nombre: string };
}

export async function createAfiliado(
  app: App,
  auth: Record<string, string>,
  obraSocialId: number,
  overrides: Partial<Omit<AfiliadoInput, 'obraSocial'>> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/afiliados',
    headers: auth,
    payload: buildAfiliadoInput({ ...overrides, obraSocial: { id: obraSocialId } }),
  });
  if (res.statusCode !== 201) throw new Error(`create afiliado failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; nombre: string; documento: string };
}

/**
 * The bearer header of a session of an affiliate who never signed out (token
 * version 0), opened with the document alone unless told; the login endpoint
 * itself is tested with the portal.
 */
export async function afiliadoAuth(app: App, afiliadoId: number, options = { birthdateProven: false }) {
  return {
    authorization: `Bearer ${await app.signAfiliadoToken({ id: afiliadoId, tokenVersion: 0 }, options)}`,
  };
}

/** A multipart/form-data body as a browser would send it; the file part is `file` (a CSV) unless told. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer | string; field?: string; type?: string },
) {
  const boundary = `----red-dental-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
