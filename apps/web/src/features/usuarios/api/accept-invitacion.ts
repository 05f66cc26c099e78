import { type AcceptInvitacion, invitacionAceptadaSchema } from '@red-dental/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

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
