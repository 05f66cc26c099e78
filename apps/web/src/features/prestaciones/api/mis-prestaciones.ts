import { type ExportFormat, type MisPrestaciones, misPrestacionesSchema } from '@red-dental/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { apiDownload, apiExport } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface MisPrestacionesFiltro {
  periodo: string;
  estado?: string;
  search?: string;
}

const query = (f: MisPrestacionesFiltro) => ({
  periodo: f.periodo,
  estado: f.estado || undefined,
  search: f.search || undefined,
});

/** `GET /api/prestaciones`: the dentist's lines of a month, with their totals. */
export function getMisPrestaciones(f: MisPrestacionesFiltro, signal?: AbortSignal): Promise<MisPrestaciones> {
  return apiRequest('prestaciones', { signal, schema: misPrestacionesSchema, query: query(f) });
}

export function useMisPrestaciones(f: MisPrestacionesFiltro) {
  return useQuery({
    queryKey: queryKeys.prestaciones.mias(query(f)),
    queryFn: ({ signal }) => getMisPrestaciones(f, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/prestaciones/export`: the month's lines as the screen filters them. */
export function exportMisPrestaciones(
  f: MisPrestacionesFiltro,
  format: ExportFormat,
  onProgress?: (bytes: number) => void,
) {
  return apiExport('prestaciones/export', {
    name: `prestaciones-${f.periodo}`,
    format,
    query: query(f),
    onProgress,
  });
}

/** `POST /api/prestaciones/lineas/{id}/anular`. */
export function anularLinea(id: number): Promise<unknown> {
  return apiRequest(`prestaciones/lineas/${id}/anular`, { method: 'POST' });
}

export function useAnularLinea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anularLinea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.prestaciones.all }),
  });
}

/** `GET /api/prestaciones/atenciones/{id}/comprobante`: the visit's comprobante, saved as a PDF. */
export function descargarComprobante(atencionId: number, codigoValidacion: string) {
  return apiDownload(`prestaciones/atenciones/${atencionId}/comprobante`, {
    fileName: `comprobante-${codigoValidacion}.pdf`,
  });
}
