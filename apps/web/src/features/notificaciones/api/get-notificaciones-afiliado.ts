import {
  type Notificacion,
  notificacionSchema,
  type Paginated,
  paginatedSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { noteAnswer, OFFLINE_READ } from '@/lib/offline-status.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { LINKS_REFRESH_MS } from './get-notificaciones.ts';

const pageSchema = paginatedSchema(notificacionSchema);

/** `GET /api/notificaciones/afiliados`: the affiliate's notifications (spec: page index from 0, no search). */
export function getNotificacionesAfiliado(
  params: { pageIndex: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Paginated<Notificacion>> {
  return apiRequest('notificaciones/afiliados', {
    signal,
    schema: pageSchema,
    onResponse: noteAnswer,
    query: { pageIndex: params.pageIndex, pageSize: params.pageSize, search: '' },
  });
}

export function useNotificacionesAfiliado(params: { pageIndex: number; pageSize: number }) {
  return useQuery({
    queryKey: queryKeys.notificaciones.page('afiliado', params),
    queryFn: ({ signal }) => getNotificacionesAfiliado(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LINKS_REFRESH_MS,
    // The pages seen stay readable offline, and a PDF opened from them opens again.
    ...OFFLINE_READ,
  });
}
