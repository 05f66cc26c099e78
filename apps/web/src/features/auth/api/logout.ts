import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/user/logout`: the server stops accepting the session's token. */
export function logout(): Promise<void> {
  // The sign-out leaves the page at once: the request must still reach the server.
  return apiRequest('user/logout', { method: 'POST', keepalive: true });
}
