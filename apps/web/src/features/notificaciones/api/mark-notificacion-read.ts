import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `PUT /api/notificaciones/read`: marks one of the caller's own notifications read. */
export function markNotificacionRead(notificacionId: number): Promise<void> {
  return apiRequest('notificaciones/read', { method: 'PUT', body: { notificacionId } });
}

/** Marks a notification read, then refreshes the lists and the unread counts (the sidebar's marker). */
export function useMarkNotificacionRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificacionRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notificaciones.all }),
  });
}
