import { sesionSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/user/sesiones`: the caller's open sessions, one per device. */
export function useSesiones() {
  return useQuery({
    queryKey: queryKeys.sesiones,
    queryFn: ({ signal }) => apiRequest('user/sesiones', { signal, schema: z.array(sesionSchema) }),
  });
}
