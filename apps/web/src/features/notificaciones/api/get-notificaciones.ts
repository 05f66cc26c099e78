import {
  type Notificacion,
  type NotificacionesQuery,
  type NotificacionStaff,
  notificacionStaffSchema,
  type Paginated,
  paginatedSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { LINKS_REFRESH_MS } from './get-notificaciones-afiliado.ts';
import { getNotificacionesPropias } from './get-notificaciones-propias.ts';

const staffPageSchema = paginatedSchema(notificacionStaffSchema);

/** `GET /api/notificaciones`: every notification, for staff (the spec's one 1-based `pageIndex`). */
export function getNotificacionesStaff(
  params: NotificacionesQuery,
  signal?: AbortSignal,
): Promise<Paginated<NotificacionStaff>> {
  return apiRequest('notificaciones', {
    signal,
    schema: staffPageSchema,
    // Pages count from 0 on every table; the staff list's 1-based index is made here.
    query: { ...params, pageIndex: params.pageIndex + 1 },
  });
}

/** Staff see every notification with who read it; anyone else, their own. */
export function useNotificaciones(isStaff: boolean, params: NotificacionesQuery) {
  return useQuery<Paginated<Notificacion | NotificacionStaff>>({
    queryKey: queryKeys.notificaciones.page(isStaff ? 'staff' : 'own', params),
    queryFn: ({ signal }) =>
      isStaff ? getNotificacionesStaff(params, signal) : getNotificacionesPropias(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LINKS_REFRESH_MS,
  });
}
