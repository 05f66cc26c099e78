import { type DestinatarioTipo, type NotificacionSent, notificacionSentSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, toFormData } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface SendNotificacionRequest {
  destinatario: DestinatarioTipo;
  title: string;
  category: string;
  pdf: File;
  obrasSociales: number[];
  /** Professionals only. */
  zonas: number[];
  especialidades: number[];
  profesionales: number[];
}

/**
 * `POST /api/notificaciones` (to professionals) or `/api/notificaciones/afiliados`,
 * multipart as the spec sends it: strings and the file as they are, the lists JSON-encoded.
 */
export function sendNotificacion(request: SendNotificacionRequest): Promise<NotificacionSent> {
  const { destinatario, pdf, zonas, especialidades, profesionales, ...common } = request;
  const body = toFormData(
    destinatario === 'afiliados'
      ? { ...common, pdfs: pdf }
      : { ...common, zonas, especialidades, profesionales, pdfs: pdf },
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
