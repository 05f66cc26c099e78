import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/user/logout`: the server stops accepting the session's token. */
export function logout(): Promise<void> {
  return apiRequest('user/logout', { method: 'POST' });
}
