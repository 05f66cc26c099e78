import {
  type Paginated,
  type ProfesionalesPaginatedQuery,
  type ProfesionalRow,
  paginatedSchema,
  profesionalRowSchema,
} from '@red-dental/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const pageSchema = paginatedSchema(profesionalRowSchema);

/** `GET /api/profesionales/paginated`: approved professionals by nombre or razón social. */
export function getProfesionalesPage(
  params: ProfesionalesPaginatedQuery,
  signal?: AbortSignal,
): Promise<Paginated<ProfesionalRow>> {
  return apiRequest('profesionales/paginated', {
    signal,
    schema: pageSchema,
    query: {
      pageIndex: params.pageIndex,
      pageSize: params.pageSize,
      search: params.search || undefined,
      sinConfirmar: params.sinConfirmar ? '1' : undefined,
    },
  });
}

export function useProfesionalesPage(params: ProfesionalesPaginatedQuery) {
  return useQuery({
    ...queryOptions({
      queryKey: queryKeys.profesionales.page(params),
      queryFn: ({ signal }) => getProfesionalesPage(params, signal),
    }),
    placeholderData: keepPreviousData,
  });
}
