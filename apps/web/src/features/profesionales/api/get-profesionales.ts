import { type ProfesionalRow, paginatedSchema, profesionalRowSchema } from '@red-dental/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface ProfesionalesPageParams {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
  search?: string;
}

const pageSchema = paginatedSchema(profesionalRowSchema);

/** `GET /api/profesionales/paginated`: approved professionals by nombre or razón social. */
export function getProfesionalesPage(
  params: ProfesionalesPageParams,
  signal?: AbortSignal,
): Promise<{ rows: ProfesionalRow[]; rowCount: number }> {
  return apiRequest('profesionales/paginated', {
    signal,
    schema: pageSchema,
    query: { pageIndex: params.pageIndex, pageSize: params.pageSize, search: params.search || undefined },
  });
}

export function useProfesionalesPage(params: ProfesionalesPageParams) {
  return useQuery({
    ...queryOptions({
      queryKey: queryKeys.profesionales.page(params),
      queryFn: ({ signal }) => getProfesionalesPage(params, signal),
    }),
    placeholderData: keepPreviousData,
  });
}
