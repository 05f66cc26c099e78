import { type Plan, planSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/planes`: every insurer's plans (or one insurer's), by insurer and code. */
export function getPlanes(obraSocialId?: number, signal?: AbortSignal): Promise<Plan[]> {
  return apiRequest('planes', { signal, schema: z.array(planSchema), query: { obraSocialId } });
}

export function usePlanes(obraSocialId?: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.planes.list(obraSocialId),
    queryFn: ({ signal }) => getPlanes(obraSocialId, signal),
    enabled,
  });
}
