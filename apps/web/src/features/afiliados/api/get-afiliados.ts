import {
  type Afiliado,
  type AfiliadosPaginatedQuery,
  afiliadoSchema,
  type Paginated,
  paginatedSchema,
} from '@red-dental/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const pageSchema = paginatedSchema(afiliadoSchema);

/**
 * `GET /api/afiliados/paginated`. Staff search by document prefix or name and
 * filter by insurer and state (active or de baja); anyone else gets only the exact document.
 */
export function getAfiliadosPage(
  params: AfiliadosPaginatedQuery,
  signal?: AbortSignal,
): Promise<Paginated<Afiliado>> {
  return apiRequest('afiliados/paginated', {
    signal,
    schema: pageSchema,
    query: {
      pageIndex: params.pageIndex,
      pageSize: params.pageSize,
      search: params.search || undefined,
      obraSocialId: params.obraSocialId,
      estado: params.estado,
    },
  });
}

export function afiliadosPageQueryOptions(params: AfiliadosPaginatedQuery) {
  return queryOptions({
    queryKey: queryKeys.afiliados.page(params),
    queryFn: ({ signal }) => getAfiliadosPage(params, signal),
  });
}

export function useAfiliadosPage(params: AfiliadosPaginatedQuery, enabled = true) {
  return useQuery({ ...afiliadosPageQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
