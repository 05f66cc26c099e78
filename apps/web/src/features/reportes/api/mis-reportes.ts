import type { MiReporte } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/reportes/mios`: the reports the affiliate sent, newest first, and where each stands. */
export function getMisReportes(signal?: AbortSignal): Promise<MiReporte[]> {
  return apiRequest('reportes/mios', { signal });
}

/** Asked for once the directory is on screen (`enabled`): it never holds the cartilla's first paint. */
export function useMisReportes(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.misReportes,
    queryFn: ({ signal }) => getMisReportes(signal),
    enabled,
  });
}
