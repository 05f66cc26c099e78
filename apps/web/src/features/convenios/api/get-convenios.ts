import { type Convenio, convenioSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/convenios`: every insurer's contracts, by insurer and start. */
export function getConvenios(signal?: AbortSignal): Promise<Convenio[]> {
  return apiRequest('convenios', { signal, schema: z.array(convenioSchema) });
}

export function useConvenios() {
  return useQuery({ queryKey: queryKeys.convenios.list, queryFn: ({ signal }) => getConvenios(signal) });
}
