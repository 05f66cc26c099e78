import { type Zona, zonaSchema } from '@red-dental/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/zonas`: every zone, by number. */
export function getZonas(signal?: AbortSignal): Promise<Zona[]> {
  return apiRequest('zonas', { signal, schema: z.array(zonaSchema) });
}

export const zonasQueryOptions = queryOptions({
  queryKey: queryKeys.zonas,
  queryFn: ({ signal }) => getZonas(signal),
  staleTime: 60 * 1000,
});

export function useZonas(enabled = true) {
  return useQuery({ ...zonasQueryOptions, enabled });
}
