import { type Rol, type RolInput, rolSchema } from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** `POST /api/roles`, or `PUT /api/roles/{id}` to change one. */
export function useSaveRol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RolInput & { id?: number }): Promise<Rol> =>
      apiRequest(id === undefined ? 'roles' : `roles/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body,
        schema: rolSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.roles }),
  });
}
