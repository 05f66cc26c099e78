import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `PUT /api/user/solicitudes/{userId}`: the applicant becomes an active PRESTADOR and is told by mail. */
export function useApproveSolicitud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiRequest(`user/solicitudes/${userId}`, { method: 'PUT', body: {} }),
    // After the decision: the requests, and the professionals (an approved one joins the list).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.profesionales.all }),
  });
}
