import { type Rol, type RolInput, rolSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

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
