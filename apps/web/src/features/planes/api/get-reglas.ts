import { type Regla, reglaSchema } from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/planes/{id}/reglas`: the rules in force on `fecha`, or every version without it. */
export function getReglas(planId: number, fecha?: string, signal?: AbortSignal): Promise<Regla[]> {
  return apiRequest(`planes/${planId}/reglas`, { signal, schema: z.array(reglaSchema), query: { fecha } });
}

export function useReglas(planId: number, fecha?: string) {
  return useQuery({
    queryKey: queryKeys.planes.reglas(planId, fecha),
    queryFn: ({ signal }) => getReglas(planId, fecha, signal),
    placeholderData: keepPreviousData,
  });
}
