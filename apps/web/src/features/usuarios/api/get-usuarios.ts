import { paginatedSchema, type UsuariosQuery, usuarioRowSchema } from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const pageSchema = paginatedSchema(usuarioRowSchema);

/** `GET /api/user/paginated`: every account, staff and professionals, by name or e-mail. */
export function getUsuariosPage(params: UsuariosQuery, signal?: AbortSignal) {
  return apiRequest('user/paginated', {
    signal,
    schema: pageSchema,
    query: { ...params, search: params.search || undefined },
  });
}

export function useUsuariosPage(params: UsuariosQuery) {
  return useQuery({
    queryKey: queryKeys.usuarios.page(params),
    queryFn: ({ signal }) => getUsuariosPage(params, signal),
    placeholderData: keepPreviousData,
  });
}
