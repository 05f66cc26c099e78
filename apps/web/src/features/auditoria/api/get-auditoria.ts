import {
  type AuditoriaFilter,
  type AuditoriaQuery,
  auditoriaRowSchema,
  type ExportFormat,
  paginatedSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { apiExport } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const pageSchema = paginatedSchema(auditoriaRowSchema);

/** `GET /api/auditoria`: the log, filtered and paged, newest first. */
export function getAuditoriaPage(params: AuditoriaQuery, signal?: AbortSignal) {
  return apiRequest('auditoria', { signal, schema: pageSchema, query: { ...params } });
}

export function useAuditoriaPage(params: AuditoriaQuery) {
  return useQuery({
    queryKey: queryKeys.auditoria.page(params),
    queryFn: ({ signal }) => getAuditoriaPage(params, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /api/auditoria/export`: the filtered rows as CSV with the separator chosen, saved by the
 * browser; the server records the export.
 */
export function exportAuditoria(
  filter: AuditoriaFilter,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
) {
  return apiExport('auditoria/export', { name: 'auditoria', format, query: { ...filter }, onProgress });
}
