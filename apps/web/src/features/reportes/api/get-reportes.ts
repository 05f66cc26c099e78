import {
  type Paginated,
  paginatedSchema,
  type Reporte,
  type ReporteQueueRow,
  type ReportesQuery,
  type ReporteUpdate,
  reporteQueueRowSchema,
  reporteSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/profesionales/{id}/reportes`: what affiliates reported wrong in the listing, still open. */
export function getReportes(id: number, signal?: AbortSignal): Promise<Reporte[]> {
  return apiRequest(`profesionales/${id}/reportes`, { signal, schema: z.array(reporteSchema) });
}

export function useReportes(id: number) {
  return useQuery({
    queryKey: queryKeys.profesionales.reportes(id),
    queryFn: ({ signal }) => getReportes(id, signal),
  });
}

const queuePage = paginatedSchema(reporteQueueRowSchema);

/** `GET /api/reportes`: every provider's reports, open (oldest first) or closed (newest first). */
export function getReportesQueue(
  params: ReportesQuery,
  signal?: AbortSignal,
): Promise<Paginated<ReporteQueueRow>> {
  return apiRequest('reportes', { signal, schema: queuePage, query: { ...params } });
}

export function useReportesQueue(params: ReportesQuery) {
  return useQuery({
    queryKey: queryKeys.profesionales.reportesQueue(params),
    queryFn: ({ signal }) => getReportesQueue(params, signal),
    placeholderData: keepPreviousData,
  });
}

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
