import type { ExportFormat } from '@red-dental/contracts';
import { apiExport } from '@/lib/api-files.ts';

/** `GET /api/obra-sociales/export`: every insurer with its phones, mails and affiliates, saved by the browser. */
export function exportObrasSociales(format: ExportFormat, onProgress: (bytes: number) => void) {
  return apiExport('obra-sociales/export', { name: 'obras-sociales', format, onProgress });
}
