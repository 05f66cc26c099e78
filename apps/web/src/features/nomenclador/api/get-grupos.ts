import { type GrupoCodigos, grupoCodigosSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/nomenclador/grupos`: every group of codes with its codes. */
export function getGrupos(signal?: AbortSignal): Promise<GrupoCodigos[]> {
  return apiRequest('nomenclador/grupos', { signal, schema: z.array(grupoCodigosSchema) });
}

export function useGrupos() {
  return useQuery({ queryKey: queryKeys.nomenclador.grupos, queryFn: ({ signal }) => getGrupos(signal) });
}
