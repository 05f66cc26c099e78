import type { AfiliadoLogin } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/** `POST /api/afiliados/login`: affiliates sign in with their document alone. */
export function loginAfiliado(body: AfiliadoLogin): Promise<{ token: string }> {
  return apiRequest('afiliados/login', { method: 'POST', body, auth: false });
}

/** Signs in and starts the affiliate session. */
export async function signInAfiliado(body: AfiliadoLogin): Promise<void> {
  const { token } = await loginAfiliado(body);
  startSession({ kind: 'afiliado', token });
}
