import { type NomencladorPage, type NomencladorQuery, nomencladorPageSchema } from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/nomenclador`: a page of codes by the start of the code or words of the name, and by chapter. */
export function getNomenclador(params: NomencladorQuery, signal?: AbortSignal): Promise<NomencladorPage> {
  return apiRequest('nomenclador', {
    signal,
    schema: nomencladorPageSchema,
    query: {
      pageIndex: params.pageIndex,
      pageSize: params.pageSize,
      search: params.search || undefined,
      capitulo: params.capitulo,
    },
  });
}

export function useNomenclador(params: NomencladorQuery) {
  return useQuery({
    queryKey: queryKeys.nomenclador.page(params),
    queryFn: ({ signal }) => getNomenclador(params, signal),
    placeholderData: keepPreviousData,
  });
}
