import { recoveryCodesSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { clearSecondFactorRequired } from '@/lib/second-factor-required.ts';

/**
 * `POST /api/user/2fa/activar`: the app's first code and the current password; answers the
 * recovery codes, shown once. The session has proved a second factor from then on.
 */
export function useActivarSegundoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { codigo: string; currentPassword: string }) =>
      apiRequest('user/2fa/activar', { method: 'POST', body, schema: recoveryCodesSchema }),
    onSuccess: () => {
      clearSecondFactorRequired();
      // What the session was refused before, it may read now.
      return queryClient.invalidateQueries();
    },
  });
}
