import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `DELETE /api/user/rechazar/{userId}`: the request goes; the reason, if given, is mailed to the applicant. */
export function useRejectSolicitud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, motivo }: { userId: number; motivo?: string }) =>
      apiRequest(`user/rechazar/${userId}`, { method: 'DELETE', body: motivo ? { motivo } : {} }),
    // After the decision: the requests, and the professionals.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.profesionales.all }),
  });
}
