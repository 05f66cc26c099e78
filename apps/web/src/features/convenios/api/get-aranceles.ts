import { type ArancelesPage, type ArancelesQuery, arancelesPageSchema } from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/convenios/{id}/aranceles`: the fees in force on a day, by code or name. */
export function getAranceles(
  id: number,
  params: ArancelesQuery,
  signal?: AbortSignal,
): Promise<ArancelesPage> {
  return apiRequest(`convenios/${id}/aranceles`, {
    signal,
    schema: arancelesPageSchema,
    query: {
      pageIndex: params.pageIndex,
      pageSize: params.pageSize,
      search: params.search || undefined,
      fecha: params.fecha,
    },
  });
}

export function useAranceles(id: number, params: ArancelesQuery) {
  return useQuery({
    queryKey: queryKeys.convenios.aranceles(id, params),
    queryFn: ({ signal }) => getAranceles(id, params, signal),
    placeholderData: keepPreviousData,
  });
}
