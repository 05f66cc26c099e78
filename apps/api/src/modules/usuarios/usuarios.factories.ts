import { TEST_PASSWORD, uniqueEmail } from '@red-dental/testing';
import type { App } from '../../app.ts';

/** Staff accounts made through the API, as an administrator makes them. */

/** Creates an active user with the given roles through the API, as an administrator would. */
export async function createUserWithRoles(
  app: App,
  adminAuth: Record<string, string>,
  roles: string[],
  password = TEST_PASSWORD,
) {
  const email = uniqueEmail((roles[0] ?? 'sinrol').toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  const res = await app.inject({
    method: 'POST',
    url: '/api/user',
    headers: adminAuth,
    payload: { user: email, pass: password, roles },
  });
  if (res.statusCode !== 201) throw new Error(`create user failed: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: number }).id, email, password };
}
