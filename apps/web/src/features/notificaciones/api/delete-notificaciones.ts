import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `DELETE /api/notificaciones {ids}`: the notifications, their recipients' copies and their files. */
export function deleteNotificaciones(ids: readonly number[]): Promise<void> {
  return apiRequest('notificaciones', { method: 'DELETE', body: { ids } });
}

export function useDeleteNotificaciones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotificaciones,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notificaciones.all }),
  });
}
