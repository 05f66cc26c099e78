import { apiRequest } from '@/lib/api-client.ts';

/**
 * Ends the session on the server too, so a copy of its token is worth nothing:
 * `POST /api/user/logout` for staff and professionals, `POST /api/afiliados/logout`
 * for affiliates (which also ends the file links their session was given).
 */
export function logout(kind: 'staff' | 'afiliado'): Promise<void> {
  // The sign-out leaves the page at once: the request must still reach the server.
  return apiRequest(kind === 'afiliado' ? 'afiliados/logout' : 'user/logout', {
    method: 'POST',
    keepalive: true,
  });
}
