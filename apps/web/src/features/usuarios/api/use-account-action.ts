import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * A staff action on an account: its answer says what was done, and the list is
 * read again, with the roles' holder counts.
 */
export function useAccountAction<T>(request: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.usuarios.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.roles }),
      ]),
  });
}
