import type { ObraSocialInput } from '@red-dental/contracts';
import { buildObraSocialInput } from '@red-dental/testing';
import type { App } from '../../app.ts';

/** Insurers created through the API, as staff would, from the shared builder's body. */

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
