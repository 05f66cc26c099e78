import { type ObraSocial, obraSocialSchema } from '@red-dental/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** Every query about insurers starts with this key, so one invalidation refreshes them all. */
export const OBRAS_SOCIALES_KEY = ['obras-sociales'] as const;

/** `GET /api/obra-sociales`: every insurer with its mails, phones and affiliate count. */
export function getObrasSociales(signal?: AbortSignal): Promise<ObraSocial[]> {
  return apiRequest('obra-sociales', { signal, schema: z.array(obraSocialSchema) });
}

export const obrasSocialesQueryOptions = queryOptions({
  queryKey: [...OBRAS_SOCIALES_KEY, 'full'],
  queryFn: ({ signal }) => getObrasSociales(signal),
});

export function useObrasSociales() {
  return useQuery(obrasSocialesQueryOptions);
}
