import {
  type Destinatario,
  destinatarioSchema,
  type Paginated,
  paginatedSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const pageSchema = paginatedSchema(destinatarioSchema);

/** `GET /api/notificaciones/{id}/destinatarios`: who received it and when each read it (staff). */
export function getDestinatarios(
  id: number,
  params: { pageIndex: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Paginated<Destinatario>> {
  return apiRequest(`notificaciones/${id}/destinatarios`, {
    signal,
    schema: pageSchema,
    query: { ...params },
  });
}

export function useDestinatarios(id: number | undefined, params: { pageIndex: number; pageSize: number }) {
  return useQuery({
    queryKey: queryKeys.notificaciones.destinatarios(id ?? 0, params),
    queryFn: ({ signal }) => getDestinatarios(id!, params, signal),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}
