import { type Profesional, profesionalSchema } from '@red-dental/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/profesionales/profile`: the signed-in professional's own record. */
export function getOwnProfile(signal?: AbortSignal): Promise<Profesional> {
  return apiRequest('profesionales/profile', { signal, schema: profesionalSchema });
}

export const ownProfileQueryOptions = queryOptions({
  queryKey: queryKeys.profesionales.profile,
  queryFn: ({ signal }) => getOwnProfile(signal),
});

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions);
}
