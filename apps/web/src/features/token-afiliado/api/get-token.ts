import type { TokenEstado } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `GET /api/afiliados/profile/token`: the phone that shows the affiliate's token, and whether the
 * activation link can be mailed. Taken as the server sends it: the portal loads no schema for it.
 */
export function useToken(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: queryKeys.afiliados.token,
    queryFn: ({ signal }) => apiRequest<TokenEstado>('afiliados/profile/token', { signal }),
  });
}
