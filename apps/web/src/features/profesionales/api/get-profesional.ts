import { type Profesional, profesionalSchema } from '@red-dental/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/profesionales/{id}`: the whole record, as staff see it. */
export function getProfesional(id: number, signal?: AbortSignal): Promise<Profesional> {
  return apiRequest(`profesionales/${id}`, { signal, schema: profesionalSchema });
}

export const profesionalQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.profesionales.detail(id),
    queryFn: ({ signal }) => getProfesional(id, signal),
  });

export function useProfesional(id: number) {
  return useQuery(profesionalQueryOptions(id));
}
