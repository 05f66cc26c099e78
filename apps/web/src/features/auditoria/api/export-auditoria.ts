import type { AuditoriaFilter, ExportFormat } from '@red-dental/contracts';
import { apiExport } from '@/lib/api-files.ts';

/**
 * `GET /api/auditoria/export`: the filtered rows as CSV (with the separator chosen) or XLSX, saved
 * by the browser; the server records the export.
 */
export function exportAuditoria(
  filter: AuditoriaFilter,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
) {
  return apiExport('auditoria/export', { name: 'auditoria', format, query: { ...filter }, onProgress });
}
