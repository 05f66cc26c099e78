import { invitacionInfoSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/user/invitaciones/{token}`: whom a valid link invites (400 once used or expired). */
export function useInvitacion(token: string) {
  return useQuery({
    queryKey: queryKeys.invitacion(token),
    queryFn: ({ signal }) =>
      apiRequest(`user/invitaciones/${encodeURIComponent(token)}`, {
        signal,
        auth: false,
        schema: invitacionInfoSchema,
      }),
    retry: false,
  });
}
