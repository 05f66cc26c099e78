import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { isSpentLink } from '@/lib/spent-link.ts';

/**
 * `POST /api/user/restore-password/check`: whether the link still works,
 * asked as its page opens (it spends nothing). 'usable' also when the check
 * itself could not be made: the form is then shown, and its answer says.
 */
export function useRecoveryLink(token: string) {
  return useQuery({
    queryKey: ['user', 'recovery-link', token],
    queryFn: async ({ signal }) => {
      try {
        await apiRequest('user/restore-password/check', {
          method: 'POST',
          body: { id: token },
          auth: false,
          signal,
        });
        return 'usable' as const;
      } catch (error) {
        if (isSpentLink(error)) return 'spent' as const;
        if (signal.aborted) throw error;
        return 'usable' as const;
      }
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
