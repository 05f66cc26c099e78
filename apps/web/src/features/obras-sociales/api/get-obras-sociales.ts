import { type ObraSocial, obraSocialSchema } from '@red-dental/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/obra-sociales`: every insurer with its mails, phones and affiliate count. */
export function getObrasSociales(signal?: AbortSignal): Promise<ObraSocial[]> {
  return apiRequest('obra-sociales', { signal, schema: z.array(obraSocialSchema) });
}

export const obrasSocialesQueryOptions = queryOptions({
  queryKey: queryKeys.obrasSociales.full,
  queryFn: ({ signal }) => getObrasSociales(signal),
});

export function useObrasSociales() {
  return useQuery(obrasSocialesQueryOptions);
}
