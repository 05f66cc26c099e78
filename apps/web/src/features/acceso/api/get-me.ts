import { type SessionUser, sessionUserSchema } from '@red-dental/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/user/me`: the signed-in user, which also tells whether the stored token still works. */
export function getMe(signal?: AbortSignal): Promise<SessionUser> {
  return apiRequest('user/me', { signal, schema: sessionUserSchema });
}

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 5 * 60 * 1000,
  retry: false,
});
