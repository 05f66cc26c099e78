import { type ObraSocialRef, obraSocialRefSchema } from '@red-dental/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/obra-sociales/list`: `{id, nombre}` of every insurer, sorted by name, for selects. */
export function getObrasSocialesList(signal?: AbortSignal): Promise<ObraSocialRef[]> {
  return apiRequest('obra-sociales/list', { signal, schema: z.array(obraSocialRefSchema) });
}

export const obrasSocialesListQueryOptions = queryOptions({
  queryKey: queryKeys.obrasSociales.list,
  queryFn: ({ signal }) => getObrasSocialesList(signal),
  staleTime: 60 * 1000,
});

/** The insurers for a select; asked only when `enabled` (screens that show no select skip it). */
export function useObrasSocialesList(enabled = true) {
  return useQuery({ ...obrasSocialesListQueryOptions, enabled });
}
