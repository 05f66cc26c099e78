import { type Especialidad, especialidadSchema } from '@red-dental/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/especialidades`: every specialty, GUARDIAS among them. */
export function getEspecialidades(signal?: AbortSignal): Promise<Especialidad[]> {
  return apiRequest('especialidades', { signal, schema: z.array(especialidadSchema) });
}

export const especialidadesQueryOptions = queryOptions({
  queryKey: queryKeys.especialidades,
  queryFn: ({ signal }) => getEspecialidades(signal),
  staleTime: 5 * 60 * 1000,
});

export function useEspecialidades() {
  return useQuery(especialidadesQueryOptions);
}
