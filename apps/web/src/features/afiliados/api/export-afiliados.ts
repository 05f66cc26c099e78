import type { AfiliadoEstado, ExportFormat } from '@red-dental/contracts';
import { apiExport } from '@/lib/api-files.ts';

/** `GET /api/afiliados/export`: the list with the screen's search and insurer, saved by the browser (staff). */
export function exportAfiliados(
  filter: { search?: string; obraSocialId?: number; estado?: AfiliadoEstado },
  format: ExportFormat,
  onProgress: (bytes: number) => void,
) {
  return apiExport('afiliados/export', {
    name: 'afiliados',
    format,
    query: { search: filter.search || undefined, obraSocialId: filter.obraSocialId, estado: filter.estado },
    onProgress,
  });
}
