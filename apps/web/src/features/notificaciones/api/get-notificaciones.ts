import {
  FILE_LINK_TTL_SECONDS,
  type Notificacion,
  type NotificacionStaff,
  notificacionSchema,
  notificacionStaffSchema,
  type Paginated,
  paginatedSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface NotificacionesPageParams {
  /** 0-based, as every table counts; the staff list's 1-based index is made here. */
  pageIndex: number;
  pageSize: number;
  /** A category; undefined for all of them. */
  category?: string;
}

const staffPageSchema = paginatedSchema(notificacionStaffSchema);
const ownPageSchema = paginatedSchema(notificacionSchema);

/** `GET /api/notificaciones`: every notification, for staff (the spec's one 1-based `pageIndex`). */
export function getNotificacionesStaff(
  params: NotificacionesPageParams,
  signal?: AbortSignal,
): Promise<Paginated<NotificacionStaff>> {
  return apiRequest('notificaciones', {
    signal,
    schema: staffPageSchema,
    query: { pageIndex: params.pageIndex + 1, pageSize: params.pageSize, search: params.category },
  });
}

/** `GET /api/notificaciones/by-id`: the signed-in professional's own notifications. */
export function getNotificacionesPropias(
  params: NotificacionesPageParams,
  signal?: AbortSignal,
): Promise<Paginated<Notificacion>> {
  return apiRequest('notificaciones/by-id', {
    signal,
    schema: ownPageSchema,
    query: { pageIndex: params.pageIndex, pageSize: params.pageSize, search: params.category },
  });
}

/**
 * How often a list on screen is asked again: its file links are signed for
 * FILE_LINK_TTL_SECONDS, so a list left open keeps links that still open.
 */
export const LINKS_REFRESH_MS = (FILE_LINK_TTL_SECONDS / 2) * 1000;

/** Staff see every notification with who read it; anyone else, their own. */
export function useNotificaciones(isStaff: boolean, params: NotificacionesPageParams) {
  return useQuery<Paginated<Notificacion | NotificacionStaff>>({
    queryKey: queryKeys.notificaciones.page(isStaff ? 'staff' : 'own', params),
    queryFn: ({ signal }) =>
      isStaff ? getNotificacionesStaff(params, signal) : getNotificacionesPropias(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LINKS_REFRESH_MS,
  });
}
