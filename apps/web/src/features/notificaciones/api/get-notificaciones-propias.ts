import {
  type Notificacion,
  type NotificacionesQuery,
  notificacionSchema,
  type Paginated,
  paginatedSchema,
} from '@red-dental/contracts';
import { apiRequest } from '@/lib/api-client.ts';

const ownPageSchema = paginatedSchema(notificacionSchema);

/** `GET /api/notificaciones/by-id`: the signed-in professional's own notifications. */
export function getNotificacionesPropias(
  params: NotificacionesQuery,
  signal?: AbortSignal,
): Promise<Paginated<Notificacion>> {
  return apiRequest('notificaciones/by-id', {
    signal,
    schema: ownPageSchema,
    query: params,
  });
}
