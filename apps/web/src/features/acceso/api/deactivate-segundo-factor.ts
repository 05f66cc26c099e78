import { messageResponseSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/user/2fa/desactivar` with the current password; the account's state is read again. */
export function useDesactivarSegundoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string) =>
      apiRequest('user/2fa/desactivar', {
        method: 'POST',
        body: { currentPassword },
        schema: messageResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.segundoFactor }),
  });
}
