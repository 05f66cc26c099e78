import type { ExportFormat } from '@red-dental/contracts';
import { apiExport } from '@/lib/api-files.ts';

/** `GET /api/notificaciones/{id}/destinatarios/export`: every recipient with the date each read it (staff). */
export function exportDestinatarios(id: number, format: ExportFormat, onProgress: (bytes: number) => void) {
  return apiExport(`notificaciones/${id}/destinatarios/export`, {
    name: `destinatarios-notificacion-${id}`,
    format,
    onProgress,
  });
}
