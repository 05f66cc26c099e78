import { type NotificacionForm, type NotificacionSent, notificacionSentSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, toFormData } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** A send the contract's form schema accepted, with the PDF itself in `pdfs`. */
export type SendNotificacionRequest = Omit<NotificacionForm, 'pdfs'> & { pdfs: File };

/**
 * `POST /api/notificaciones` (to professionals) or `/api/notificaciones/afiliados`,
 * multipart as the spec sends it: strings and the file as they are, the lists
 * JSON-encoded; zones, specialties and names go to professionals only.
 */
export function sendNotificacion(request: SendNotificacionRequest): Promise<NotificacionSent> {
  const { destinatario, pdfs, zonas, especialidades, profesionales, ...common } = request;
  const body = toFormData(
    destinatario === 'afiliados'
      ? { ...common, pdfs }
      : { ...common, zonas, especialidades, profesionales, pdfs },
  );
  return apiUpload(destinatario === 'afiliados' ? 'notificaciones/afiliados' : 'notificaciones', body, {
    schema: notificacionSentSchema,
  });
}

export function useSendNotificacion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotificacion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notificaciones.all }),
  });
}
