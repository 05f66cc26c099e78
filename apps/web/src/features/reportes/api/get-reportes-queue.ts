import {
  type Paginated,
  paginatedSchema,
  type ReporteQueueRow,
  type ReportesQuery,
  reporteQueueRowSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

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
