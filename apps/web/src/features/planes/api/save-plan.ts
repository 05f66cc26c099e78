import { type Plan, type PlanInput, planSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/planes`, or `PUT /api/planes/{id}`; a code is unique within its insurer (409). */
export function savePlan({ id, ...body }: PlanInput & { id?: number }): Promise<Plan> {
  return apiRequest(id === undefined ? 'planes' : `planes/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: planSchema,
  });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.planes.all }),
  });
}
