import { type Historia, historiaSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/prestaciones/historia`: the patient, their coverage today and their history across the network. */
export function getHistoria(documento: string, signal?: AbortSignal): Promise<Historia> {
  return apiRequest('prestaciones/historia', { signal, schema: historiaSchema, query: { documento } });
}

/** The history of the document looked up; each look-up is one audited read, so it is not refetched on focus. */
export function useHistoria(documento: string | null) {
  return useQuery({
    queryKey: queryKeys.prestaciones.historia(documento ?? ''),
    queryFn: ({ signal }) => getHistoria(documento!, signal),
    enabled: documento !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
