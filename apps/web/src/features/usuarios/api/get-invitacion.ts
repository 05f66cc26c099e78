import { type AcceptInvitacion, invitacionAceptadaSchema, invitacionInfoSchema } from '@red-dental/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
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

/**
 * `PUT /api/user/invitaciones/{token}`: the invitee's password; the account is active from then on.
 * Where its roles need a second factor, the answer carries the challenge that sets it up.
 */
export function useAceptarInvitacion(token: string) {
  return useMutation({
    mutationFn: (body: AcceptInvitacion) =>
      apiRequest(`user/invitaciones/${encodeURIComponent(token)}`, {
        method: 'PUT',
        body,
        auth: false,
        schema: invitacionAceptadaSchema,
      }),
  });
}
