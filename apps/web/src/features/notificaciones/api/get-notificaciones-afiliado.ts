import { FILE_LINK_TTL_SECONDS, type Notificacion, type Paginated } from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { noteAnswer, OFFLINE_READ, useKeptSince } from '@/lib/offline-status.ts';
import { PORTAL_READS } from '@/lib/portal-reads.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * How often a list on screen is asked again: its file links are signed for
 * FILE_LINK_TTL_SECONDS, so a list left open keeps links that still open.
 */
export const LINKS_REFRESH_MS = (FILE_LINK_TTL_SECONDS / 2) * 1000;

// The server checks each answer against the contract before sending it; the portal's reads take it
// as it comes, so a phone never loads the schema library to show a list.

/** `GET /api/notificaciones/afiliados`: the affiliate's notifications (spec: page index from 0, no search). */
export function getNotificacionesAfiliado(
  params: { pageIndex: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Paginated<Notificacion>> {
  return apiRequest(PORTAL_READS.notificaciones, {
    signal,
    onResponse: noteAnswer,
    query: { pageIndex: params.pageIndex, pageSize: params.pageSize, search: '' },
  });
}

/** A page of the notifications, and when the copy on screen was saved if it is the one kept on the device. */
export function useNotificacionesAfiliado(params: { pageIndex: number; pageSize: number }) {
  const query = useQuery({
    queryKey: queryKeys.notificaciones.page('afiliado', params),
    queryFn: ({ signal }) => getNotificacionesAfiliado(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LINKS_REFRESH_MS,
    // The pages seen stay readable offline, and a PDF opened from them opens again.
    ...OFFLINE_READ,
  });
  return { ...query, keptSince: useKeptSince(PORTAL_READS.notificaciones) };
}
