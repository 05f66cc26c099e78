import { type AfiliadoFicha, afiliadoFichaSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `GET /api/afiliados/{id}`: the record as staff edit it, with its e-mail
 * (confirmed, or waiting for its link) and phone. The server audits the read.
 */
export function getAfiliadoFicha(id: number, signal?: AbortSignal): Promise<AfiliadoFicha> {
  return apiRequest(`afiliados/${id}`, { signal, schema: afiliadoFichaSchema });
}

/** Read once while the edit is open: a read again would overwrite what is being typed. */
export function useAfiliadoFicha(id: number) {
  return useQuery({
    queryKey: queryKeys.afiliados.detail(id),
    queryFn: ({ signal }) => getAfiliadoFicha(id, signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}
