import { type Afiliado, afiliadoSchema, paginatedSchema } from '@red-dental/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface AfiliadosPageParams {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
  search?: string;
  obraSocialId?: number;
}

export interface AfiliadosPage {
  rows: Afiliado[];
  rowCount: number;
}

const pageSchema = paginatedSchema(afiliadoSchema);

/**
 * `GET /api/afiliados/paginated`. Staff search by document prefix or name and
 * filter by insurer; anyone else gets only the exact document.
 */
export function getAfiliadosPage(params: AfiliadosPageParams, signal?: AbortSignal): Promise<AfiliadosPage> {
  return apiRequest('afiliados/paginated', {
    signal,
    schema: pageSchema,
    query: {
      pageIndex: params.pageIndex,
      pageSize: params.pageSize,
      search: params.search || undefined,
      obraSocialId: params.obraSocialId,
    },
  });
}

export function afiliadosPageQueryOptions(params: AfiliadosPageParams) {
  return queryOptions({
    queryKey: queryKeys.afiliados.page(params),
    queryFn: ({ signal }) => getAfiliadosPage(params, signal),
  });
}

export function useAfiliadosPage(params: AfiliadosPageParams, enabled = true) {
  return useQuery({ ...afiliadosPageQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
