import { messageResponseSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `DELETE /api/user/sesiones`: every device but this one is signed out; the sessions are read again. */
export function useCerrarOtrasSesiones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('user/sesiones', { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sesiones }),
  });
}
