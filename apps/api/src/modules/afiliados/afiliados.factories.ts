import type { AfiliadoInput } from '@red-dental/contracts';
import { buildAfiliadoInput } from '@red-dental/testing';
import type { App } from '../../app.ts';

/** Affiliates created through the API as staff would, and the sessions of their portal. */

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
