import { type Invitacion, messageResponseSchema } from '@red-dental/contracts';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { useAccountAction } from './use-account-action.ts';

/** `POST /api/user/invitaciones`: the invitee gets a link to choose their password. */
export function useInvitar() {
  return useAccountAction((body: Invitacion) =>
    apiRequest('user/invitaciones', {
      method: 'POST',
      body,
      schema: messageResponseSchema.extend({ id: z.number() }),
    }),
  );
}
