import type { ReporteUpdate } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `PUT /api/reportes/{id}`: closed with a note the affiliate reads, or opened again. */
export function useUpdateReporte() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: ReporteUpdate & { id: number }) =>
      apiRequest(`reportes/${id}`, { method: 'PUT', body: change }),
    // The queue, each provider's open reports and the badge's count alike.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['profesionales', 'reportes'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profesionales.pendientes }),
      ]),
  });
}
