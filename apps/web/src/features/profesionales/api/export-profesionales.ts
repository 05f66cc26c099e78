import type { ExportFormat } from '@red-dental/contracts';
import { apiExport } from '@/lib/api-files.ts';

/** `GET /api/profesionales/export`: the approved providers the search finds, saved by the browser. */
export function exportProfesionales(
  filter: { search?: string; sinConfirmar?: boolean },
  format: ExportFormat,
  onProgress: (bytes: number) => void,
) {
  return apiExport('profesionales/export', {
    name: 'profesionales',
    format,
    query: { search: filter.search || undefined, sinConfirmar: filter.sinConfirmar ? '1' : undefined },
    onProgress,
  });
}
