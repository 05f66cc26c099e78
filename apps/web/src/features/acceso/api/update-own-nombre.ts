import { type CuentaNombre, sessionUserSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { updateSessionUser } from '@/lib/session.ts';

/**
 * `PUT /api/user/me`: the account's own name. The answer is the session's
 * user, kept at once (the header shows the name) and in the cache of `/me`;
 * Usuarios is read again.
 */
export function useUpdateOwnNombre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CuentaNombre) =>
      apiRequest('user/me', { method: 'PUT', body, schema: sessionUserSchema }),
    onSuccess: (user) => {
      updateSessionUser(user);
      queryClient.setQueryData(queryKeys.me, user);
      return queryClient.invalidateQueries({ queryKey: queryKeys.usuarios.all });
    },
  });
}
