import { segundoFactorEstadoSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/user/2fa` */
export function useSegundoFactor() {
  return useQuery({
    queryKey: queryKeys.segundoFactor,
    queryFn: ({ signal }) => apiRequest('user/2fa', { signal, schema: segundoFactorEstadoSchema }),
  });
}
