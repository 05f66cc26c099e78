import type { AfiliadoLoginInput } from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/** `POST /api/afiliados/login`: affiliates sign in with their document (and, where the network asks, their birth date). */
export function loginAfiliado(body: AfiliadoLoginInput): Promise<{ token: string }> {
  return apiRequest('afiliados/login', { method: 'POST', body, auth: false });
}

/** Signs in and starts the affiliate session. */
export async function signInAfiliado(body: AfiliadoLoginInput): Promise<void> {
  const { token } = await loginAfiliado(body);
  startSession({ kind: 'afiliado', token });
}
