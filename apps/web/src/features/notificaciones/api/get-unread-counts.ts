import type { UnreadCounts } from '@red-dental/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `GET /api/notificaciones/unread`. A failure is logged only and counts as nothing unread. The
 * answer is taken as it comes (the server checks it against the contract before sending it): the
 * portal's menu asks for it on every page, and a schema here would bring the schema library into
 * every portal page.
 */
export async function getUnreadCounts(signal?: AbortSignal): Promise<UnreadCounts> {
  try {
    const counts = await apiRequest<unknown>('notificaciones/unread', { signal });
    if (isUnreadCounts(counts)) return counts;
    // Something other than the API answered (a proxy's page, say): nothing is known to be unread.
    console.warn('Unread notifications check: unexpected answer', counts);
    return {};
  } catch (error) {
    if (!signal?.aborted) console.warn('Unread notifications check failed', error);
    return {};
  }
}

/** Counts by category, as the contract has them; checked by hand, the portal loading no schema. */
function isUnreadCounts(value: unknown): value is UnreadCounts {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((count) => Number.isInteger(count) && count >= 0)
  );
}

export const unreadCountsQueryOptions = queryOptions({
  queryKey: queryKeys.notificaciones.unread,
  queryFn: ({ signal }) => getUnreadCounts(signal),
  staleTime: 60 * 1000,
});

/** The spec's unread flag: any category above zero. */
export function hasUnread(counts: UnreadCounts | undefined): boolean {
  return Object.values(counts ?? {}).some((n) => n > 0);
}

/** The user's unread notifications per category; only asked when `enabled` (staff have none). */
export function useUnreadCounts(enabled: boolean) {
  return useQuery({ ...unreadCountsQueryOptions, enabled });
}

/** Whether the user has unread notifications; only asked when `enabled`. */
export function useHasUnreadNotifications(enabled: boolean): boolean {
  const { data } = useUnreadCounts(enabled);
  return enabled && hasUnread(data);
}
