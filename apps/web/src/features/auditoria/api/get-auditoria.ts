import { type AuditoriaQuery, auditoriaRowSchema, paginatedSchema } from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
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
