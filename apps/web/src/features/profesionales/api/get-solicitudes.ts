import { type Solicitud, solicitudSchema } from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/profesionales/solicitudes`: every pending sign-up, oldest first (the screen pages them). */
export function getSolicitudes(signal?: AbortSignal): Promise<Solicitud[]> {
  return apiRequest('profesionales/solicitudes', { signal, schema: z.array(solicitudSchema) });
}

export function useSolicitudes() {
  return useQuery({
    queryKey: queryKeys.profesionales.solicitudes,
    queryFn: ({ signal }) => getSolicitudes(signal),
  });
}

/** After a decision: the requests, and the professionals (an approved one joins the list). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.profesionales.all });
}

/** `PUT /api/user/solicitudes/{userId}`: the applicant becomes an active PRESTADOR and is told by mail. */
export function useApproveSolicitud() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: number) => apiRequest(`user/solicitudes/${userId}`, { method: 'PUT', body: {} }),
    onSettled: refresh,
  });
}

/** `DELETE /api/user/rechazar/{userId}`: the request goes; the reason, if given, is mailed to the applicant. */
export function useRejectSolicitud() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, motivo }: { userId: number; motivo?: string }) =>
      apiRequest(`user/rechazar/${userId}`, { method: 'DELETE', body: motivo ? { motivo } : {} }),
    onSettled: refresh,
  });
}
