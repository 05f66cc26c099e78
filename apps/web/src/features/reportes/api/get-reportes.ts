import { type Reporte, reporteSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/profesionales/{id}/reportes`: what affiliates reported wrong in the listing, still open. */
export function getReportes(id: number, signal?: AbortSignal): Promise<Reporte[]> {
  return apiRequest(`profesionales/${id}/reportes`, { signal, schema: z.array(reporteSchema) });
}

export function useReportes(id: number) {
  return useQuery({
    queryKey: queryKeys.profesionales.reportes(id),
    queryFn: ({ signal }) => getReportes(id, signal),
  });
}
