import { rolSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/roles`: each role with its permissions and holders. */
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: queryKeys.roles,
    queryFn: ({ signal }) => apiRequest('roles', { signal, schema: z.array(rolSchema) }),
    enabled,
  });
}
